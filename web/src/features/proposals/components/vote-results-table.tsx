import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChainActionView } from '@cr/contract/chain.contract';
import type { MemberVote } from '@cr/contract/proposal.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { formatDateTime } from '../../../lib/dates';
import { resultOf, VOTE_RESULT_COLOR } from '../model/vote-tally';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';
import { ChainProofBadge } from '../../../components/chain-proof/chain-proof-badge';
import { voteReasonProof } from '../../../lib/chain-proof';
import { compareNames } from '../../../lib/compare-names';

export interface VoteResultsTableProps {
  votes: MemberVote[];
  /** The signed-in member's DID, to mark their own row. */
  myDid?: string | null;
  /** Views the page already holds (its transactions list), so rows start from the newest known state. */
  actions?: Map<string, ChainActionView>;
  onChainChange?(view: ChainActionView): void;
  /** The proposal's draft hash (its id on chain): picks its votes in a transaction that relays several. */
  draftHash?: string | null;
}

/**
 * The council's votes, one row per seat: avatar, name, choice (colour and word), reason, time and the vote's
 * chain status, live. Only a vote confirmed on chain counts; a newer choice still on its way says so. A semantic
 * table that stacks into cards on a phone.
 */
export function VoteResultsTable({ votes, myDid, actions, onChainChange, draftHash }: VoteResultsTableProps) {
  const { t } = useTranslation('proposals');
  return (
    <table className="pr-votes" data-testid="vote-results">
      <caption className="cr-visually-hidden">{t('votes.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('votes.columns.member')}</th>
          <th scope="col">{t('votes.columns.choice')}</th>
          <th scope="col">{t('votes.columns.reason')}</th>
          <th scope="col">{t('votes.columns.time')}</th>
          <th scope="col">{t('votes.columns.chain')}</th>
        </tr>
      </thead>
      <tbody>
        {[...votes]
          .sort((a, b) => compareNames(a.member.name, b.member.name))
          .map((v) => {
            const shown = resultOf(v.choice);
            const mine = !!myDid && v.member.did === myDid;
            const liveChained = !!v.chainActionId && actions?.get(v.chainActionId)?.status === 'chained';
            const pendingChange = !!v.choice && v.chainedChoice !== v.choice && !liveChained;
            const counts = liveChained ? resultOf(v.choice) : v.result;
            return (
              <tr
                key={v.member.memberId}
                className={`pr-votes__row${mine ? ' pr-votes__row--mine' : ''}`}
                data-testid="vote-row"
                data-member={v.member.name}
                data-did={v.member.did}
                data-choice={v.choice ?? ''}
                data-chain-status={v.chainStatus ?? ''}
                style={{ borderInlineStartColor: VOTE_RESULT_COLOR[counts] }}
              >
                <th scope="row" className="pr-votes__member">
                  {/* The flex layout sits inside the cell: a flex <th> stops being a table cell and no longer
                      stretches to the row's height, which broke the row's outline. */}
                  <span className="pr-votes__who">
                    <MemberAvatar size={36} src={v.member.avatar} />
                    <Link to={paths.councilMember(v.member.userId ?? v.member.did)}>{v.member.name}</Link>
                    {mine && <Tag className="pr-votes__you">{t('votes.you')}</Tag>}
                  </span>
                </th>
                <td data-label={t('votes.columns.choice')}>
                  <span className={`pr-choice pr-choice--${shown}`}>
                    <span
                      className="pr-legend__swatch"
                      style={{ background: VOTE_RESULT_COLOR[shown] }}
                      aria-hidden="true"
                    />
                    {t(`votes.result.${shown}`)}
                  </span>
                  {pendingChange && (
                    <span className="pr-votes__pending">
                      {v.chainedChoice
                        ? t('votes.countsAs', { choice: t(`votes.result.${resultOf(v.chainedChoice)}`) })
                        : t('votes.notCountedYet')}
                    </span>
                  )}
                </td>
                <td data-label={t('votes.columns.reason')} className="pr-votes__reason">
                  {v.reason ? v.reason : <span className="pr-muted">—</span>}
                  {v.reason !== null && v.txHash && v.chainStatus === 'chained' && (
                    <span className="cr-proof__slot">
                      <ChainProofBadge
                        key={`${v.txHash}:${v.reason}`}
                        kind="vote"
                        item={t('proof.vote', { name: v.member.name || v.member.did })}
                        spec={voteReasonProof(v.reason, v.txHash, v.member.memberId, draftHash)}
                      />
                    </span>
                  )}
                </td>
                <td data-label={t('votes.columns.time')} className="pr-votes__time">
                  {v.votedAt ? formatDateTime(v.votedAt) : <span className="pr-muted">—</span>}
                </td>
                <td data-label={t('votes.columns.chain')}>
                  {v.choice ? (
                    <ChainActionStatus
                      actionId={v.chainActionId}
                      initial={v.chainActionId ? actions?.get(v.chainActionId) : null}
                      status={v.chainStatus ?? 'unchain'}
                      onChange={onChainChange}
                    />
                  ) : (
                    <span className="pr-muted">{t('votes.notVoted')}</span>
                  )}
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}
