import { Alert, Pagination, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VerifyProposal, VerifyProposals } from '@cr/contract/verify.contract';
import { VERIFY_PAGE_SIZE } from '@cr/contract/verify.contract';
import { ScrollHint } from '../../../components/scroll-hint';
import { paths } from '../../../lib/paths';

type Side = VerifyProposal['site'];

function Record({ side }: { side: Side | null }) {
  const { t } = useTranslation('verify');
  if (!side) return <span className="vf-muted">{t('proposals.notOnChain')}</span>;
  return (
    <span className="vf-record">
      <strong>{side.status === 'NONE' ? 'NONE' : t(`status.${side.status}`, { ns: 'proposals' })}</strong>
      <span className="vf-muted">{t('proposals.tally', side)}</span>
    </span>
  );
}

/** Each registered proposal as the site shows it beside the contract's record; a disagreement stands out. */
export function ProposalRecords({ data, onPage }: { data: VerifyProposals; onPage(page: number): void }) {
  const { t } = useTranslation('verify');
  const mismatches = data.list.filter((p) => p.matches === false).length;
  return (
    <>
      <p className="vf-muted">
        {data.block === null ? t('proposals.introNoBlock') : t('proposals.intro', { block: data.block })}
      </p>
      {mismatches > 0 && (
        <Alert
          type="error"
          showIcon
          className="vf-alert"
          title={t('proposals.mismatchAlert', { count: mismatches })}
          data-testid="verify-mismatch"
        />
      )}
      <ScrollHint>
        <Table<VerifyProposal>
          size="small"
          rowKey="draftHash"
          dataSource={data.list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('proposals.empty') }}
          rowClassName={(p) => (p.matches === false ? 'vf-row--mismatch' : '')}
          columns={[
            {
              title: t('proposals.number'),
              key: 'number',
              render: (_, p) => (
                <Link to={paths.proposal(p.number)}>
                  #{p.number} {p.title}
                </Link>
              ),
            },
            {
              title: t('proposals.result'),
              key: 'result',
              render: (_, p) => (
                <Tag
                  color={p.matches === null ? 'default' : p.matches ? 'success' : 'error'}
                  data-testid={`verify-${p.number}`}
                  data-matches={String(p.matches)}
                >
                  {p.matches === null
                    ? t('proposals.pending')
                    : p.matches
                      ? t('proposals.match')
                      : t('proposals.mismatch')}
                </Tag>
              ),
            },
            { title: t('proposals.site'), key: 'site', render: (_, p) => <Record side={p.site} /> },
            { title: t('proposals.chain'), key: 'chain', render: (_, p) => <Record side={p.chain} /> },
            {
              title: t('proposals.draftHash'),
              key: 'hash',
              render: (_, p) => (
                <Typography.Text
                  className="vf-hash"
                  title={p.draftHash}
                  copyable={{ text: p.draftHash, tooltips: [t('copy'), t('copied')] }}
                >
                  {`${p.draftHash.slice(0, 10)}…${p.draftHash.slice(-6)}`}
                </Typography.Text>
              ),
            },
          ]}
        />
      </ScrollHint>
      {data.total > VERIFY_PAGE_SIZE && (
        <Pagination
          className="vf-pages"
          current={data.page}
          pageSize={VERIFY_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </>
  );
}
