import type { ReactNode } from 'react';
import { ScrollHint } from '../../../components/scroll-hint';
import { Descriptions, Table, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { amountToSela } from '@cr/contract/ela-amount';
import { ExternalLink } from '../../../components/external-link';
import { formatDate } from '../../../lib/dates';
import { valuesFromContent } from '../model/form-values';
import { BudgetChart, PAYMENT_COLORS } from './budget-chart';
import { MarkdownView } from './markdown-view';
import { paths } from '../../../lib/paths';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="sg-section" aria-labelledby={`${id}-title`}>
      <Typography.Title level={2} id={`${id}-title`} className="sg-section__title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

const share = (amount?: string | null, total?: string | null) => {
  const a = amount ? amountToSela(amount) : null;
  const b = total ? amountToSela(total) : null;
  return a !== null && b ? `${(Number((a * 10000n) / b) / 100).toFixed(2).replace(/\.?0+$/, '')}%` : '';
};

/** Everything a suggestion says, section by section (markdown sanitized), in reading order. */
export function SuggestionContentView({ content }: { content: Record<string, unknown> }) {
  const { t } = useTranslation('suggestions');
  const v = valuesFromContent(content);
  const milestones = v.plan?.milestones ?? [];
  const payments = v.budget?.payments ?? [];
  const team = v.team ?? [];
  const relevance = v.relevance ?? [];
  const detailRows = [
    [
      'targetProposalNumber',
      v.targetProposalNumber ? (
        <Link to={paths.proposal(v.targetProposalNumber)}>#{v.targetProposalNumber}</Link>
      ) : null,
    ],
    ['newOwnerDid', v.newOwnerDid && <code className="sg-code">{v.newOwnerDid}</code>],
    ['newAddress', v.newAddress && <code className="sg-code">{v.newAddress}</code>],
    ['newSecretaryDid', v.newSecretaryDid && <code className="sg-code">{v.newSecretaryDid}</code>],
    [
      'closeProposalNumber',
      v.closeProposalNumber ? (
        <Link to={paths.proposal(v.closeProposalNumber)}>#{v.closeProposalNumber}</Link>
      ) : null,
    ],
    [
      'didNameList',
      v.didNameList && (
        <span className="sg-tags">
          {v.didNameList.split(/\s+/).map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </span>
      ),
    ],
    [
      'receivedCustomizedIdList',
      v.receivedCustomizedIdList?.length ? (
        <span className="sg-tags">
          {v.receivedCustomizedIdList.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </span>
      ) : null,
    ],
    [
      'customizedIdBindToDid',
      v.customizedIdBindToDid && <code className="sg-code">{v.customizedIdBindToDid}</code>,
    ],
    ['customizedIdFee', v.customizedIdFee],
    ['effectiveHeightOfEid', v.effectiveHeightOfEid],
  ].filter(([, value]) => value !== null && value !== undefined && value !== '') as Array<
    [string, ReactNode]
  >;
  const side = v.sideChainDetails;

  return (
    <div className="sg-content">
      {v.coverImage && <img className="sg-content__cover" src={v.coverImage} alt={t('more.coverAlt')} />}
      {v.shortDescription && (
        <Typography.Paragraph className="sg-lead">{v.shortDescription}</Typography.Paragraph>
      )}
      {detailRows.length > 0 && (
        <Section id="sg-details" title={t('tabs.details')}>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={detailRows.map(([k, value]) => ({ key: k, label: t(`fields.${k}`), children: value }))}
          />
        </Section>
      )}
      <Section id="sg-abstract" title={t('fields.abstract')}>
        <MarkdownView text={v.abstract} />
      </Section>
      <Section id="sg-motivation" title={t('fields.motivation')}>
        <MarkdownView text={v.motivation} />
      </Section>
      {v.goal && (
        <Section id="sg-goal" title={t('fields.goal')}>
          <MarkdownView text={v.goal} />
        </Section>
      )}
      {(milestones.length > 0 || v.plan?.statement) && (
        <Section id="sg-plan" title={t('plan.title')}>
          {milestones.length > 0 && (
            <Timeline
              className="sg-timeline"
              data-testid="milestone-timeline"
              items={milestones.map((m, i) => ({
                key: i,
                color: 'green',
                content: (
                  <div>
                    <Typography.Text strong>{t('plan.milestoneN', { n: i + 1 })}</Typography.Text>
                    {m.date && <span className="sg-muted"> · {formatDate(m.date)}</span>}
                    <div className="sg-pre">{m.introduction}</div>
                    {m.goal && (
                      <div className="sg-muted sg-pre">
                        {t('plan.goal')}: {m.goal}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          )}
          {v.plan?.statement && <MarkdownView text={v.plan.statement} />}
        </Section>
      )}
      {team.length > 0 && (
        <Section id="sg-team" title={t('team.title')}>
          <ScrollHint label={t('team.title')}>
            <Table
              size="small"
              pagination={false}
              rowKey={(_, i) => String(i)}
              scroll={{ x: 560 }}
              dataSource={team}
              columns={[
                { title: t('team.member'), dataIndex: 'member' },
                { title: t('team.role'), dataIndex: 'role' },
                {
                  title: t('team.responsibility'),
                  dataIndex: 'responsibility',
                  render: (x: string) => <span className="sg-pre">{x}</span>,
                },
                {
                  title: t('team.moreInfo'),
                  dataIndex: 'moreInfo',
                  render: (x: string) => <span className="sg-pre">{x}</span>,
                },
              ]}
            />
          </ScrollHint>
        </Section>
      )}
      {v.budget && (v.budget.total || payments.length > 0) && (
        <Section id="sg-budget" title={t('budget.title')}>
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            size="small"
            items={[
              {
                key: 'total',
                label: t('budget.totalLabel'),
                children: <strong data-testid="budget-total">{v.budget.total} ELA</strong>,
              },
              {
                key: 'address',
                label: t('budget.elaAddress'),
                children: <code className="sg-code">{v.budget.elaAddress}</code>,
              },
            ]}
          />
          <ScrollHint label={t('budget.title')}>
            <Table
              size="small"
              className="sg-payment-table"
              data-testid="payment-table"
              pagination={false}
              rowKey={(_, i) => String(i)}
              scroll={{ x: 640 }}
              dataSource={payments}
              columns={[
                { title: '#', width: 48, render: (_: unknown, __: unknown, i: number) => i + 1 },
                {
                  title: t('budget.type'),
                  dataIndex: 'type',
                  render: (type: keyof typeof PAYMENT_COLORS | null) =>
                    type ? (
                      <span className="sg-type-dot">
                        <i style={{ background: PAYMENT_COLORS[type] }} aria-hidden />
                        {t(`paymentTypes.${type}`)}
                      </span>
                    ) : null,
                },
                {
                  title: t('budget.milestone'),
                  dataIndex: 'milestone',
                  render: (m: number | null) =>
                    m === null || m === undefined
                      ? ''
                      : `#${m + 1}${milestones[m]?.date ? ` · ${formatDate(milestones[m]!.date!)}` : ''}`,
                },
                {
                  title: t('budget.amount'),
                  dataIndex: 'amount',
                  align: 'right' as const,
                  render: (a: string) => <span className="sg-nowrap">{a} ELA</span>,
                },
                {
                  title: t('budget.shareTitle'),
                  align: 'right' as const,
                  render: (_: unknown, p: { amount?: string | null }) => share(p.amount, v.budget?.total),
                },
                {
                  title: t('budget.criteria'),
                  dataIndex: 'criteria',
                  render: (x: string) => <span className="sg-pre">{x}</span>,
                },
              ]}
            />
          </ScrollHint>
          <BudgetChart milestones={milestones} payments={payments} />
          {v.budget.statement && <MarkdownView text={v.budget.statement} />}
        </Section>
      )}
      {relevance.length > 0 && (
        <Section id="sg-relevance" title={t('relevance.title')}>
          <ul className="sg-relevance">
            {relevance.map((r, i) => (
              <li key={i}>
                {r.proposalNumber ? (
                  <Link to={paths.proposal(r.proposalNumber)}>#{r.proposalNumber}</Link>
                ) : null}
                {r.title ? <strong> {r.title}</strong> : null}
                <div className="sg-pre">{r.detail}</div>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {side && (
        <Section id="sg-sidechain" title={t('fields.sideChainDetails')}>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={(
              [
                'name',
                'resourcePath',
                'magic',
                'genesisHash',
                'effectiveHeight',
                'exchangeRate',
                'otherInfo',
              ] as const
            )
              .filter((k) => side[k] !== null && side[k] !== undefined && side[k] !== '')
              .map((k) => ({
                key: k,
                label: t(`sideChain.${k}`),
                children: <span className="sg-pre sg-break">{String(side[k])}</span>,
              }))}
          />
        </Section>
      )}
      {v.fullDescription && (
        <Section id="sg-full" title={t('fields.fullDescription')}>
          <MarkdownView text={v.fullDescription} />
        </Section>
      )}
      {v.benefits && (
        <Section id="sg-benefits" title={t('fields.benefits')}>
          <MarkdownView text={v.benefits} />
        </Section>
      )}
      {(v.fundingUsd || v.expectedCompletion || (v.links ?? []).length > 0) && (
        <Section id="sg-more" title={t('tabs.more')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              ...(v.fundingUsd
                ? [{ key: 'usd', label: t('fields.fundingUsd'), children: `${v.fundingUsd} USD` }]
                : []),
              ...(v.expectedCompletion
                ? [
                    {
                      key: 'done',
                      label: t('fields.expectedCompletion'),
                      children: formatDate(v.expectedCompletion),
                    },
                  ]
                : []),
              ...((v.links ?? []).length
                ? [
                    {
                      key: 'links',
                      label: t('fields.links'),
                      children: (
                        <ul className="sg-links-list">
                          {(v.links ?? []).map((l) => (
                            <li key={l}>
                              <ExternalLink href={l}>{l}</ExternalLink>
                            </li>
                          ))}
                        </ul>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Section>
      )}
    </div>
  );
}
