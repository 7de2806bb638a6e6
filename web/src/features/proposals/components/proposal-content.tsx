import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { formatDate } from '../../../lib/dates';
import { renderContent, type ContentFormat } from '../../../lib/markdown';
import { paths } from '../../../lib/paths';

/** Member-written text, sanitized (markdown or HTML). */
export function RichText({
  text,
  format = 'MARKDOWN',
}: {
  text: string | null | undefined;
  format?: ContentFormat;
}) {
  const html = useMemo(() => renderContent(text, format), [text, format]);
  if (!html) return null;
  return <div className="pr-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="pr-content__section" aria-labelledby={`pr-sec-${id}`}>
      <h2 id={`pr-sec-${id}`} className="pr-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The proposal's text: abstract, motivation, goal, plan, relevance, budget and the body, each sanitized. */
export function ProposalContent({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const fmt = p.contentFormat;
  return (
    <div className="pr-content" data-testid="proposal-content">
      <Section id="abstract" title={t('content.abstract')}>
        <RichText text={p.abstract} format={fmt} />
      </Section>
      {p.motivation && (
        <Section id="motivation" title={t('content.motivation')}>
          <RichText text={p.motivation} format={fmt} />
        </Section>
      )}
      {p.goal && (
        <Section id="goal" title={t('content.goal')}>
          <RichText text={p.goal} format={fmt} />
        </Section>
      )}
      {p.content && (
        <Section id="body" title={t('content.body')}>
          <RichText text={p.content} format={fmt} />
        </Section>
      )}
      {p.plan && (p.plan.milestones.length > 0 || p.plan.statement) && (
        <Section id="plan" title={t('content.plan')}>
          {p.plan.milestones.length > 0 && (
            <ol className="pr-milestones">
              {p.plan.milestones.map((m, i) => (
                <li key={i}>
                  <span className="pr-milestones__date">{formatDate(m.date)}</span>
                  <RichText text={m.introduction} format={fmt} />
                  {m.goal && <RichText text={m.goal} format={fmt} />}
                </li>
              ))}
            </ol>
          )}
          <RichText text={p.plan.statement} format={fmt} />
        </Section>
      )}
      {p.relevance.length > 0 && (
        <Section id="relevance" title={t('content.relevance')}>
          <ul className="pr-relevance">
            {p.relevance.map((r, i) => (
              <li key={i}>
                {r.proposalNumber && (
                  <Link to={paths.proposal(r.proposalNumber)}>
                    #{r.proposalNumber}
                    {r.title ? ` ${r.title}` : ''}
                  </Link>
                )}
                <RichText text={r.detail} format={fmt} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {p.budget && (
        <Section id="budget" title={t('content.budget')}>
          <dl className="pr-facts">
            <div>
              <dt>{t('content.budgetTotal')}</dt>
              <dd data-testid="budget-total">{t('content.ela', { amount: p.budget.total })}</dd>
            </div>
            <div>
              <dt>{t('content.elaAddress')}</dt>
              <dd className="pr-break">{p.budget.elaAddress}</dd>
            </div>
          </dl>
          {p.budget.payments.length > 0 && (
            <div className="pr-table-scroll">
              {/* A semantic table that stacks into one card per payment on a phone (proposals.css). */}
              <table className="pr-payments">
                <caption className="cr-visually-hidden">{t('content.payments')}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('content.paymentType')}</th>
                    <th scope="col">{t('content.amount')}</th>
                    <th scope="col">{t('content.criteria')}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.budget.payments.map((pay, i) => (
                    <tr key={i}>
                      <th scope="row" className="pr-payments__n">
                        {i + 1}
                      </th>
                      <td data-label={t('content.paymentType')}>{t(`content.paymentTypes.${pay.type}`)}</td>
                      <td data-label={t('content.amount')} className="pr-nowrap">
                        {t('content.ela', { amount: pay.amount })}
                      </td>
                      <td data-label={t('content.criteria')}>
                        <RichText text={pay.criteria} format={fmt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <RichText text={p.budget.statement} format={fmt} />
        </Section>
      )}
    </div>
  );
}
