import { Card, Descriptions, Empty, List, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { ELIP_SECTIONS, type ElipDetail } from '@cr/contract/elip.contract';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ElipMarkdown } from './markdown-field';
import { ElipStatusTag } from './elip-status-tag';

const VOTE_COLORS = { YES: 'green', OPPOSE: 'red', ABSTAIN: 'default' } as const;

/** The preamble (spec: ELIP, title, author, discussions-to, status, type, created, requires, replaces...). */
function Preamble({ elip }: { elip: ElipDetail }) {
  const { t } = useTranslation('elips');
  const dash = (v: string) => v || '—';
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      title={t('preamble')}
      className="cr-elip-preamble"
      items={[
        { key: 'n', label: 'ELIP', children: elip.number },
        { key: 'title', label: t('titleCol'), children: elip.title },
        { key: 'author', label: t('author'), children: elip.author.name },
        { key: 'disc', label: t('discussionsTo'), children: dash(elip.discussionsTo) },
        { key: 'status', label: t('status'), children: <ElipStatusTag status={elip.status} /> },
        { key: 'type', label: t('type'), children: t(`types.${elip.type}`) },
        { key: 'lang', label: t('language'), children: t(`languages.${elip.language}`) },
        { key: 'created', label: t('created'), children: formatDate(elip.createdAt) },
        { key: 'req', label: t('requires'), children: dash(elip.requires) },
        { key: 'rep', label: t('replaces'), children: dash(elip.replaces) },
        { key: 'sup', label: t('supersededBy'), children: dash(elip.supersededBy) },
        ...(elip.proposal
          ? [{ key: 'proposal', label: t('proposal'), children: <ProposalLink elip={elip} /> }]
          : []),
      ]}
    />
  );
}

/** The proposal made from the ELIP: its number once published; while a draft, who prepares it (a link for them). */
function ProposalLink({ elip }: { elip: ElipDetail }) {
  const { t } = useTranslation('elips');
  const p = elip.proposal!;
  if (p.number !== null)
    return (
      <Link to={paths.proposal(p.number)} data-testid="elip-proposal">
        #{p.number} {p.title}
      </Link>
    );
  return (
    <span data-testid="elip-proposal">
      {t('proposalDraft', { name: p.proposer.name })}
      {p._id && (
        <>
          {' · '}
          <Link to={paths.proposal(p._id)}>{t('openDraft')}</Link>
        </>
      )}
    </span>
  );
}

export function ElipReviews({ elip }: { elip: ElipDetail }) {
  const { t } = useTranslation('elips');
  return (
    <Card className="cr-card" title={t('reviews')} data-testid="elip-reviews">
      {elip.reviews.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReviews')} />
      ) : (
        <List
          dataSource={[...elip.reviews].reverse()}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    <Tag color={r.decision === 'APPROVED' ? 'green' : 'red'}>
                      {t(`reviewDecision.${r.decision}`)}
                    </Tag>
                    <span className="cr-elip-muted">
                      {t('reviewedBy', { name: r.reviewer.name, date: formatDateTime(r.createdAt) })}
                    </span>
                  </>
                }
                description={r.comment || null}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

export function ElipVotes({ elip }: { elip: ElipDetail }) {
  const { t } = useTranslation('elips');
  const n = (v: string) => elip.votes.filter((x) => x.value === v).length;
  return (
    <Card
      className="cr-card"
      title={t('votes')}
      extra={
        <span className="cr-elip-muted">
          {t('tally', { yes: n('YES'), oppose: n('OPPOSE'), abstain: n('ABSTAIN') })}
        </span>
      }
      data-testid="elip-votes"
    >
      {elip.votes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noVotes')} />
      ) : (
        <List
          dataSource={elip.votes}
          renderItem={(v) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    <Tag color={VOTE_COLORS[v.value]}>{t(`voteValues.${v.value}`)}</Tag>
                    {v.voter?.name ?? v.did}
                  </>
                }
                description={
                  <>
                    <div>
                      {t('reason')}: {v.reason}
                    </div>
                    <div className="cr-elip-muted cr-elip-break">
                      {t('signedAt')}: {formatDateTime(v.createdAt)} · {v.did}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** The preamble and every section of the description, rendered from markdown. */
export function ElipBody({ elip }: { elip: ElipDetail }) {
  const { t } = useTranslation('elips');
  return (
    <Card className="cr-card" data-testid="elip-detail">
      <Preamble elip={elip} />
      {ELIP_SECTIONS.filter((k) => elip[k].trim()).map((k) => (
        <section key={k} className="cr-elip-section">
          <Typography.Title level={2} className="cr-elip-section__title">
            {t(`sections.${k}`)}
          </Typography.Title>
          <ElipMarkdown text={elip[k]} />
        </section>
      ))}
    </Card>
  );
}
