import { Tag } from 'antd';
import { CopyableCode } from '../../../components/chain-status/copyable-code';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { formatDateTime } from '../../../lib/dates';
import { CouncilChip, PersonChip } from './person-chip';
import { ProposalStatusTag } from './proposal-status-tag';
import { paths } from '../../../lib/paths';
import { ChainProofBadge } from '../../../components/chain-proof/chain-proof-badge';
import { api } from '../../../lib/api-client';
import { draftHashProof } from '../../../lib/chain-proof';

/** The preamble: number, type, proposer, referee, owner, status, dates, hash and the registration on chain. */
export function ProposalPreamble({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const registration = p.transactions.find((a) => a.kind === 'proposal.register');
  const rows: Array<[string, React.ReactNode]> = [
    [t('preamble.number'), p.number ? `#${p.number}` : '—'],
    [t('preamble.type'), t(`types.${p.type}`, { defaultValue: p.type })],
    [t('preamble.status'), <ProposalStatusTag key="s" status={p.status} />],
    [t('preamble.proposer'), <PersonChip key="p" person={p.proposer} />],
  ];
  if (p.referee) rows.push([t('preamble.referee'), <CouncilChip key="r" member={p.referee} />]);
  if (p.owner) rows.push([t('preamble.owner'), <PersonChip key="o" person={p.owner} />]);
  if (p.suggestion)
    rows.push([
      t('preamble.suggestion'),
      <Link key="sg" to={paths.suggestion(p.suggestion.number)} data-testid="suggestion-link">
        #{p.suggestion.number} {p.suggestion.title}
      </Link>,
    ]);
  if (p.elip)
    rows.push([
      t('preamble.elip'),
      <Link key="el" to={paths.elip(p.elip.number)} data-testid="elip-link">
        ELIP #{p.elip.number} {p.elip.title}
      </Link>,
    ]);
  if (p.targetProposalNumber)
    rows.push([
      t('preamble.target'),
      <Link key="tg" to={paths.proposal(p.targetProposalNumber)}>
        #{p.targetProposalNumber}
      </Link>,
    ]);
  if (p.newOwnerDid) rows.push([t('preamble.newOwner'), <span className="pr-break">{p.newOwnerDid}</span>]);
  if (p.newAddress) rows.push([t('preamble.newAddress'), <span className="pr-break">{p.newAddress}</span>]);
  if (p.newSecretaryDid)
    rows.push([t('preamble.newSecretary'), <span className="pr-break">{p.newSecretaryDid}</span>]);
  if (p.motionReference)
    rows.push([
      t('preamble.motion'),
      <Link key="m" to={paths.proposal(p.motionReference)}>
        #{p.motionReference}
      </Link>,
    ]);
  if (p.budgetRequested) rows.push([t('preamble.budget'), t('content.ela', { amount: p.budgetRequested })]);
  if (p.term) rows.push([t('preamble.term'), String(p.term)]);
  rows.push([t('preamble.created'), formatDateTime(p.createdAt)]);
  if (p.conflict) rows.push([t('preamble.conflict'), <Tag color="warning">{t('preamble.conflictYes')}</Tag>]);
  if (p.hash)
    rows.push([
      t('preamble.hash'),
      <CopyableCode key="h" text={p.hash} className="pr-break">
        {`${p.hash.slice(0, 10)}…${p.hash.slice(-8)}`}
      </CopyableCode>,
    ]);
  const suggestion = p.suggestion;
  const registerTx = p.txHash;
  if (p.hash && suggestion && registerTx && p.chainStatus === 'chained')
    rows.push([
      t('preamble.hashCheck'),
      <ChainProofBadge
        key={`draft:${registerTx}`}
        kind="draft"
        item={t('proof.draft', { number: suggestion.number })}
        // The suggestion's text as this site serves it, hashed in its canonical form (docs/suggestion-states.md).
        spec={async () => {
          // Loaded for the check only: the page itself needs none of the suggestion's schemas.
          const [{ suggestionDetailSchema }, { canonicalSuggestionJson }] = await Promise.all([
            import('@cr/contract/suggestion.contract'),
            import('@cr/contract/suggestion-hash'),
          ]);
          const s = await api.get(`/api/suggestion/${suggestion._id}`, undefined, {
            schema: suggestionDetailSchema,
          });
          return draftHashProof(canonicalSuggestionJson(s.number, s.content), registerTx);
        }}
      />,
    ]);
  if (p.status !== 'DRAFT')
    rows.push([
      t('preamble.registration'),
      <ChainActionStatus
        key="reg"
        actionId={registration?.id}
        initial={registration}
        status={p.chainStatus ?? 'unchain'}
      />,
    ]);

  return (
    <dl className="pr-preamble" data-testid="proposal-preamble">
      {rows.map(([k, v]) => (
        <div key={k} className="pr-preamble__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
