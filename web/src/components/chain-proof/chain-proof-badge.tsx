import { useState } from 'react';
import { CheckCircleOutlined, CloseCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyInfoSchema } from '@cr/contract/verify.contract';
import { api } from '../../lib/api-client';
import {
  checkOnChain,
  EVENT_CONTRACT,
  rpcUrlForChecks,
  type ProofResult,
  type ProofSpec,
} from '../../lib/chain-proof';
import { PROOF_NS } from './chain-proof-i18n';
import './chain-proof.css';

type ContractName = 'Governance' | 'Treasury';
let addresses: Promise<Partial<Record<ContractName, string>>> | null = null;
/** The contract addresses as /api/verify publishes them (asked once per page load). */
function contractAddress(name: ContractName): Promise<string | null> {
  addresses ??= api
    .get('/api/verify', undefined, { schema: verifyInfoSchema })
    .then((info) => Object.fromEntries(info.contracts.map((c) => [c.name, c.address])))
    .catch(() => {
      addresses = null;
      return {};
    });
  return addresses.then((a) => a[name] ?? null);
}

const ICONS = {
  verified: <CheckCircleOutlined />,
  mismatch: <CloseCircleOutlined />,
  unavailable: <QuestionCircleOutlined />,
};

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: ProofResult };

export interface ChainProofBadgeProps {
  /**
   * What is checked and how (lib/chain-proof builders: voteReasonProof, paymentMessageProof, …); a function when
   * building it needs a read (e.g. the registration transaction of a suggestion), run on the click.
   */
  spec: ProofSpec | (() => Promise<ProofSpec>);
  /** Names the item in the reader's words ("the reason of Alice's vote"); shown with a mismatch and in labels. */
  item: string;
  /** For tests and styling: vote, draft, request, review, withdrawal, summary. */
  kind: string;
  /** hashes: a text hashed (default); values: fields compared as they are (a withdrawal's amount and recipient). */
  compare?: 'hashes' | 'values';
}

/**
 * The integrity badge of one item the page shows: on demand (one RPC read per click, never for a whole table),
 * computes the value of what is shown, reads the event of the item's transaction through this site's read-only
 * RPC proxy or the reader's own RPC (set on /verify), and says whether the chain holds it. A mismatch is red,
 * names the item and stays on screen.
 */
export function ChainProofBadge({ spec, item, kind, compare = 'hashes' }: ChainProofBadgeProps) {
  const { t } = useTranslation(PROOF_NS);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const check = async () => {
    setState({ kind: 'checking' });
    let result: ProofResult;
    try {
      const s = typeof spec === 'function' ? await spec() : spec;
      const address = await contractAddress(EVENT_CONTRACT[s.event]);
      result = address
        ? await checkOnChain(s, { address, rpcUrl: rpcUrlForChecks() })
        : { state: 'unavailable', shownHash: await s.shown(), chainHash: null, reason: 'rpc' };
    } catch {
      result = { state: 'unavailable', shownHash: '', chainHash: null, reason: 'rpc' };
    }
    setState({ kind: 'done', result });
  };

  if (state.kind !== 'done') {
    return (
      <Button
        size="small"
        type="link"
        className="cr-proof__check"
        data-testid="proof-check"
        data-kind={kind}
        loading={state.kind === 'checking'}
        aria-label={t('checkLabel', { item })}
        onClick={() => void check()}
      >
        {t('check')}
      </Button>
    );
  }
  const r = state.result;
  const label = r.state === 'mismatch' ? t('mismatchItem', { item }) : t(r.state);
  const detail =
    r.state === 'unavailable'
      ? t(`why.${r.reason ?? 'rpc'}`)
      : t(compare, { shown: r.shownHash, chain: r.chainHash ?? t('noEvent') });
  return (
    <span className="cr-proof" data-testid="proof" data-kind={kind} data-state={r.state}>
      <Tooltip trigger={['hover', 'focus']} title={<span className="cr-proof__tip">{detail}</span>}>
        <span className="cr-proof__anchor">
          <Tag
            color={r.state === 'verified' ? 'success' : r.state === 'mismatch' ? 'error' : 'warning'}
            className={`cr-proof__tag cr-proof__tag--${r.state}`}
            role="status"
            aria-label={`${label}. ${item}. ${detail}`}
            tabIndex={0}
            icon={ICONS[r.state]}
          >
            {label}
          </Tag>
        </span>
      </Tooltip>
      {r.state === 'unavailable' && (
        <Button size="small" type="link" onClick={() => void check()}>
          {t('retry')}
        </Button>
      )}
    </span>
  );
}
