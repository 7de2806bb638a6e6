import type { FormValues } from './form-values';
import { valuesFromContent } from './form-values';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One readable part of a suggestion, as text, for the version diff. */
export interface ContentSection {
  key: string;
  label: string;
  text: string;
}

const lines = (...parts: Array<string | null | undefined | false>) =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join('\n');

/**
 * A suggestion's content as labelled plain-text sections (title, abstract, each milestone, each payment…), so
 * two versions can be compared line by line in words a reader understands rather than as JSON.
 */
export function contentSections(content: unknown, t: Translate): ContentSection[] {
  const v: FormValues = valuesFromContent(content);
  const out: ContentSection[] = [];
  const add = (key: string, label: string, text: string | null | undefined) => {
    if (text && text.trim() !== '') out.push({ key, label, text: text.trim() });
  };
  add('title', t('fields.title'), v.title);
  add('type', t('fields.type'), v.type ? t(`types.${v.type}.label`) : '');
  add('abstract', t('fields.abstract'), v.abstract);
  add('motivation', t('fields.motivation'), v.motivation);
  add('goal', t('fields.goal'), v.goal);
  (v.plan?.milestones ?? []).forEach((m, i) =>
    add(
      `milestone-${i}`,
      t('plan.milestoneN', { n: i + 1 }),
      lines(
        m.date && `${t('plan.date')}: ${m.date}`,
        m.introduction && `${t('plan.introduction')}: ${m.introduction}`,
        m.goal && `${t('plan.goal')}: ${m.goal}`,
      ),
    ),
  );
  add('plan-statement', t('plan.statement'), v.plan?.statement);
  (v.team ?? []).forEach((m, i) =>
    add(
      `team-${i}`,
      t('team.memberN', { n: i + 1 }),
      lines(
        `${m.member ?? ''}${m.role ? ` — ${m.role}` : ''}`,
        m.responsibility && `${t('team.responsibility')}: ${m.responsibility}`,
        m.moreInfo && `${t('team.moreInfo')}: ${m.moreInfo}`,
      ),
    ),
  );
  const b = v.budget;
  add(
    'budget',
    t('budget.title'),
    lines(
      b?.total && `${t('budget.total')}: ${b.total} ELA`,
      b?.elaAddress && `${t('budget.elaAddress')}: ${b.elaAddress}`,
    ),
  );
  (b?.payments ?? []).forEach((p, i) =>
    add(
      `payment-${i}`,
      t('budget.paymentN', { n: i + 1 }),
      lines(
        p.type && t(`paymentTypes.${p.type}`),
        p.amount && `${t('budget.amount')}: ${p.amount} ELA`,
        p.milestone !== null &&
          p.milestone !== undefined &&
          `${t('budget.milestone')}: ${t('plan.milestoneN', { n: p.milestone + 1 })}`,
        p.criteria && `${t('budget.criteria')}: ${p.criteria}`,
        p.reasons && `${t('budget.reasons')}: ${p.reasons}`,
      ),
    ),
  );
  add('budget-statement', t('budget.statement'), b?.statement);
  (v.relevance ?? []).forEach((r, i) =>
    add(
      `relevance-${i}`,
      t('relevance.itemN', { n: i + 1 }),
      lines(
        r.proposalNumber ? `${t('relevance.proposalNumber')}: #${r.proposalNumber}` : '',
        r.title,
        r.detail,
      ),
    ),
  );
  add('targetProposalNumber', t('fields.targetProposalNumber'), num(v.targetProposalNumber));
  add('newOwnerDid', t('fields.newOwnerDid'), v.newOwnerDid);
  add('newAddress', t('fields.newAddress'), v.newAddress);
  add('newSecretaryDid', t('fields.newSecretaryDid'), v.newSecretaryDid);
  add('closeProposalNumber', t('fields.closeProposalNumber'), num(v.closeProposalNumber));
  add('didNameList', t('fields.didNameList'), v.didNameList);
  add(
    'receivedCustomizedIdList',
    t('fields.receivedCustomizedIdList'),
    v.receivedCustomizedIdList?.join(' '),
  );
  add('customizedIdBindToDid', t('fields.customizedIdBindToDid'), v.customizedIdBindToDid);
  add('customizedIdFee', t('fields.customizedIdFee'), v.customizedIdFee);
  add('effectiveHeightOfEid', t('fields.effectiveHeightOfEid'), num(v.effectiveHeightOfEid));
  const s = v.sideChainDetails;
  if (s)
    add(
      'sideChainDetails',
      t('fields.sideChainDetails'),
      lines(
        s.name && `${t('sideChain.name')}: ${s.name}`,
        s.resourcePath && `${t('sideChain.resourcePath')}: ${s.resourcePath}`,
        num(s.magic) && `${t('sideChain.magic')}: ${s.magic}`,
        s.genesisHash && `${t('sideChain.genesisHash')}: ${s.genesisHash}`,
        num(s.effectiveHeight) && `${t('sideChain.effectiveHeight')}: ${s.effectiveHeight}`,
        s.exchangeRate && `${t('sideChain.exchangeRate')}: ${s.exchangeRate}`,
        s.otherInfo && `${t('sideChain.otherInfo')}: ${s.otherInfo}`,
      ),
    );
  add('links', t('fields.links'), (v.links ?? []).join('\n'));
  add('coverImage', t('fields.coverImage'), v.coverImage);
  add('shortDescription', t('fields.shortDescription'), v.shortDescription);
  add('fullDescription', t('fields.fullDescription'), v.fullDescription);
  add('benefits', t('fields.benefits'), v.benefits);
  add('fundingUsd', t('fields.fundingUsd'), v.fundingUsd && `${v.fundingUsd} USD`);
  add('expectedCompletion', t('fields.expectedCompletion'), v.expectedCompletion);
  return out;
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The sections of two versions side by side: every key of either, in reading order. */
export function pairSections(
  older: ContentSection[],
  newer: ContentSection[],
): Array<{ key: string; label: string; before: string; after: string }> {
  const keys: string[] = [];
  for (const s of [...newer, ...older]) if (!keys.includes(s.key)) keys.push(s.key);
  const order = (key: string) => {
    const i = newer.findIndex((s) => s.key === key);
    return i >= 0 ? i : older.findIndex((s) => s.key === key) + 0.5;
  };
  return keys
    .sort((a, b) => order(a) - order(b))
    .map((key) => {
      const before = older.find((s) => s.key === key);
      const after = newer.find((s) => s.key === key);
      return { key, label: (after ?? before)!.label, before: before?.text ?? '', after: after?.text ?? '' };
    });
}
