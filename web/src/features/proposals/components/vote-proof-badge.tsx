import { useState } from 'react';
import { CheckCircleOutlined, CloseCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { verifyInfoSchema } from '@cr/api/contract/verify.contract';
import { api } from '../../../lib/api-client';
import { checkVoteReason, rpcUrlForChecks, type ProofResult } from '../../../lib/chain-proof';

let governance: Promise<string | null> | null = null;
/** The Governance address as /api/verify publishes it (asked once per page load). */
function governanceAddress(): Promise<string | null> {
  governance ??= api
    .get('/api/verify', undefined, { schema: verifyInfoSchema })
    .then((info) => info.contracts.find((c) => c.name === 'Governance')?.address ?? null)
    .catch(() => {
      governance = null;
      return null;
    });
  return governance;
}

const ICONS = {
  verified: <CheckCircleOutlined />,
  mismatch: <CloseCircleOutlined />,
  unavailable: <QuestionCircleOutlined />,
};

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: ProofResult };

/**
 * The integrity badge of a council vote's reason: on demand (one RPC read per click, never for the whole table),
 * hashes the reason shown, reads the VoteCast event of the vote's transaction through this site's read-only RPC
 * proxy or the reader's own RPC (set on /verify), and says whether the chain holds that text. A mismatch is red
 * and stays on screen.
 */
export function VoteProofBadge({ reason, txHash }: { reason: string; txHash: string }) {
  const { t } = useTranslation('proposals');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const check = async () => {
    setState({ kind: 'checking' });
    const gov = await governanceAddress();
    const result: ProofResult = gov
      ? await checkVoteReason({ reason, txHash, governance: gov, rpcUrl: rpcUrlForChecks() })
      : { state: 'unavailable', shownHash: '', chainHash: null, reason: 'rpc' };
    setState({ kind: 'done', result });
  };

  if (state.kind !== 'done') {
    return (
      <Button
        size="small"
        type="link"
        className="pr-proof__check"
        data-testid="vote-proof-check"
        loading={state.kind === 'checking'}
        aria-label={t('proof.checkLabel')}
        onClick={() => void check()}
      >
        {t('proof.check')}
      </Button>
    );
  }
  const r = state.result;
  const label = t(`proof.${r.state}`);
  const detail =
    r.state === 'unavailable'
      ? t(`proof.why.${r.reason ?? 'rpc'}`)
      : t('proof.hashes', { shown: r.shownHash, chain: r.chainHash ?? t('proof.noEvent') });
  return (
    <span className="pr-proof" data-testid="vote-proof" data-state={r.state}>
      <Tooltip trigger={['hover', 'focus']} title={<span className="pr-proof__tip">{detail}</span>}>
        <span className="pr-proof__anchor">
          <Tag
            color={r.state === 'verified' ? 'success' : r.state === 'mismatch' ? 'error' : 'warning'}
            className={`pr-proof__tag pr-proof__tag--${r.state}`}
            role="status"
            aria-label={`${label}. ${detail}`}
            tabIndex={0}
            icon={ICONS[r.state]}
          >
            {label}
          </Tag>
        </span>
      </Tooltip>
      {r.state === 'unavailable' && (
        <Button size="small" type="link" onClick={() => void check()}>
          {t('proof.retry')}
        </Button>
      )}
    </span>
  );
}
