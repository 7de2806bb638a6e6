import { z } from 'zod';
import { isValidAmount, normalizeAmount } from './ela-amount';
import {
  budgetInputSchema,
  checkBudget,
  checkMilestones,
  isPaymentAddress,
  paymentAddressForm,
  paymentAddressMessage,
  LIMITS,
  milestoneInputSchema,
  parseIsoDate,
  type PaymentType,
  type RuleIssue,
} from './suggestion-budget.contract';
import { SUGGESTION_MESSAGES as M } from './suggestion-messages.contract';
import { countWords } from './word-count';
import { suggestionTypeSchema, type SuggestionType } from './suggestion-type.contract';

export { SUGGESTION_TYPES, suggestionTypeSchema, type SuggestionType } from './suggestion-type.contract';
export const NEW_MOTION: SuggestionType = '1';

const COMMON_FIELDS = [
  'title',
  'type',
  'abstract',
  'motivation',
  'links',
  'coverImage',
  'shortDescription',
  'fullDescription',
  'benefits',
  'fundingUsd',
  'expectedCompletion',
] as const;
const MOTION_FIELDS = [...COMMON_FIELDS, 'goal', 'relevance', 'plan', 'team', 'budget'] as const;

/** The fields each type carries (the form's tabs); other fields are dropped when a suggestion is saved. */
export const FIELDS_BY_TYPE: Record<SuggestionType, readonly string[]> = {
  '1': MOTION_FIELDS,
  '2': MOTION_FIELDS,
  '3': MOTION_FIELDS,
  CHANGE_PROPOSAL: [...COMMON_FIELDS, 'targetProposalNumber', 'newOwnerDid', 'newAddress'],
  CHANGE_SECRETARY: [...COMMON_FIELDS, 'newSecretaryDid'],
  TERMINATE_PROPOSAL: [...COMMON_FIELDS, 'closeProposalNumber'],
  RESERVE_CUSTOMIZED_ID: [...COMMON_FIELDS, 'didNameList'],
  RECEIVE_CUSTOMIZED_ID: [...COMMON_FIELDS, 'receivedCustomizedIdList', 'customizedIdBindToDid'],
  CHANGE_CUSTOMIZED_ID_FEE: [...COMMON_FIELDS, 'customizedIdFee', 'effectiveHeightOfEid'],
  REGISTER_SIDE_CHAIN: [...COMMON_FIELDS, 'sideChainDetails'],
};

const optText = z.string().nullish();
const optInt = z.number().int().nullish();

export const teamMemberInputSchema = z.object({
  member: optText,
  role: optText,
  responsibility: optText,
  moreInfo: optText,
});
export const relevanceInputSchema = z.object({
  proposalNumber: optInt,
  title: optText,
  detail: optText,
});
export const sideChainInputSchema = z.object({
  name: optText,
  resourcePath: optText,
  magic: optInt,
  genesisHash: optText,
  effectiveHeight: optInt,
  exchangeRate: optText,
  otherInfo: optText,
});

/**
 * The suggestion form's values as sent (every field may be missing while the member types). Unknown keys are
 * dropped (no mass assignment). Rules live in `checkSuggestionContent`, so one parse reports every problem.
 */
export const suggestionContentInputSchema = z.object({
  title: optText,
  type: suggestionTypeSchema.nullish(),
  abstract: optText,
  goal: optText,
  motivation: optText,
  relevance: z.array(relevanceInputSchema).nullish(),
  plan: z.object({ milestones: z.array(milestoneInputSchema).nullish(), statement: optText }).nullish(),
  team: z.array(teamMemberInputSchema).nullish(),
  budget: budgetInputSchema.nullish(),
  links: z.array(z.string()).nullish(),
  coverImage: optText,
  shortDescription: optText,
  fullDescription: optText,
  benefits: optText,
  /** Funding estimate in USD (decimal string). */
  fundingUsd: optText,
  /** Expected completion date, YYYY-MM-DD. */
  expectedCompletion: optText,
  // Type-specific (spec §3).
  targetProposalNumber: optInt,
  newOwnerDid: optText,
  newAddress: optText,
  newSecretaryDid: optText,
  closeProposalNumber: optInt,
  /** Customized DID names to reserve, separated by spaces. */
  didNameList: optText,
  receivedCustomizedIdList: z.array(z.string()).nullish(),
  customizedIdBindToDid: optText,
  customizedIdFee: optText,
  effectiveHeightOfEid: optInt,
  sideChainDetails: sideChainInputSchema.nullish(),
});
export type SuggestionContentInput = z.infer<typeof suggestionContentInputSchema>;

/** A saved suggestion's content: normalized, only its type's fields, empty values left out. */
export interface SuggestionContent {
  title: string;
  type: SuggestionType;
  abstract: string;
  motivation: string;
  goal?: string;
  relevance?: { proposalNumber?: number; title?: string; detail: string }[];
  plan?: { milestones: { date: string; introduction: string; goal?: string }[]; statement?: string };
  team?: { member: string; role: string; responsibility: string; moreInfo?: string }[];
  budget?: {
    total: string;
    elaAddress: string;
    payments: { type: PaymentType; amount: string; milestone: number; criteria: string; reasons?: string }[];
    statement?: string;
  };
  links?: string[];
  coverImage?: string;
  shortDescription?: string;
  fullDescription?: string;
  benefits?: string;
  fundingUsd?: string;
  expectedCompletion?: string;
  targetProposalNumber?: number;
  newOwnerDid?: string;
  newAddress?: string;
  newSecretaryDid?: string;
  closeProposalNumber?: number;
  didNameList?: string;
  receivedCustomizedIdList?: string[];
  customizedIdBindToDid?: string;
  customizedIdFee?: string;
  effectiveHeightOfEid?: number;
  sideChainDetails?: {
    name: string;
    resourcePath: string;
    magic: number;
    genesisHash: string;
    effectiveHeight: number;
    exchangeRate: string;
    otherInfo?: string;
  };
}

/** An Elastos DID as `did:elastos:<base58 id>`. */
export const DID_PATTERN = /^did:elastos:[1-9A-HJ-NP-Za-km-z]{20,64}$/;
const URL_PATTERN = /^https?:\/\/[^\s<>"]+$/i;
/** A cover image: an uploaded file of this site or an http(s) URL (never fetched by the server). */
const IMAGE_PATTERN = /^(\/uploads\/[A-Za-z0-9._-]+|https?:\/\/[^\s<>"]+)$/i;
const HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;

const blank = (v: string | null | undefined) => !v || v.trim() === '';
const isMotion = (t: SuggestionType) => t === '1' || t === '2' || t === '3';

/** Splits a space-separated customized DID list. */
export const splitDidNames = (list: string | null | undefined) =>
  (list ?? '').split(/\s+/).filter((s) => s !== '');

function duplicates(items: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const item of items) {
    const key = item.toLowerCase();
    if (seen.has(key)) dup.add(item);
    seen.add(key);
  }
  return [...dup];
}

/** Every rule of the suggestion form (spec §5), as a pure function: the form, the route and the service run it. */
export function checkSuggestionContent(c: SuggestionContentInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const text = (path: (string | number)[], v: string | null | undefined, max: number, required: boolean) => {
    if (blank(v)) {
      if (required) add(path, M.required);
    } else if (v!.length > max) add(path, M.tooLong);
  };
  const amount = (path: (string | number)[], v: string | null | undefined, emptyMessage?: string) => {
    if (blank(v)) {
      if (emptyMessage) add(path, emptyMessage);
    } else if (!isValidAmount(v!.trim())) add(path, M.invalidAmount);
  };
  const did = (path: string[], v: string | null | undefined, emptyMessage: string | null) => {
    if (blank(v)) {
      if (emptyMessage) add(path, emptyMessage);
    } else if (!DID_PATTERN.test(v!.trim())) add(path, M.invalidDid);
  };

  text(['title'], c.title, LIMITS.titleChars, true);
  if (!c.type) add(['type'], M.required);
  if (blank(c.abstract)) add(['abstract'], M.required);
  else if (c.abstract!.length > LIMITS.abstractChars) add(['abstract'], M.tooLong);
  else if (countWords(c.abstract!) > LIMITS.abstractWords) add(['abstract'], M.abstractWords);
  text(['motivation'], c.motivation, LIMITS.markdownChars, true);

  // Fields every type may carry.
  const links = (c.links ?? []).map((l) => l.trim());
  if (links.length > LIMITS.links) add(['links'], M.tooLong);
  links.forEach((l, i) => {
    if (l.length > LIMITS.linkChars) add(['links', i], M.tooLong);
    else if (!URL_PATTERN.test(l)) add(['links', i], M.invalidUrl);
    else if (links.indexOf(l) !== i) add(['links', i], M.duplicateLink);
  });
  if (!blank(c.coverImage)) {
    if (c.coverImage!.length > LIMITS.linkChars) add(['coverImage'], M.tooLong);
    else if (!IMAGE_PATTERN.test(c.coverImage!.trim())) add(['coverImage'], M.invalidUrl);
  }
  text(['shortDescription'], c.shortDescription, LIMITS.shortTextChars, false);
  text(['fullDescription'], c.fullDescription, LIMITS.markdownChars, false);
  text(['benefits'], c.benefits, LIMITS.markdownChars, false);
  amount(['fundingUsd'], c.fundingUsd);
  if (!blank(c.expectedCompletion) && !parseIsoDate(c.expectedCompletion!.trim()))
    add(['expectedCompletion'], M.invalidDate);

  if (!c.type) return issues;
  if (isMotion(c.type)) checkMotion(c, c.type, issues);
  else checkSpecialType(c, c.type, { add, amount, did, text });
  return issues;
}

function checkMotion(c: SuggestionContentInput, type: SuggestionType, issues: RuleIssue[]) {
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const required = type === NEW_MOTION;
  if (blank(c.goal)) {
    if (required) add(['goal'], M.required);
  } else if (c.goal!.length > LIMITS.markdownChars) add(['goal'], M.tooLong);

  const milestones = c.plan?.milestones ?? [];
  issues.push(...checkMilestones(milestones, required));
  if (c.plan?.statement && c.plan.statement.length > LIMITS.markdownChars)
    add(['plan', 'statement'], M.tooLong);

  const team = c.team ?? [];
  if (team.length === 0 && required) add(['team'], M.teamEmpty);
  if (team.length > LIMITS.teamMembers) add(['team'], M.tooLong);
  team.forEach((t, i) => {
    for (const field of ['member', 'role'] as const) {
      if (blank(t[field])) add(['team', i, field], M.required);
      else if (t[field]!.length > LIMITS.lineChars) add(['team', i, field], M.tooLong);
    }
    if (blank(t.responsibility)) add(['team', i, 'responsibility'], M.required);
    else if (t.responsibility!.length > LIMITS.itemTextChars) add(['team', i, 'responsibility'], M.tooLong);
    if (t.moreInfo && t.moreInfo.length > LIMITS.itemTextChars) add(['team', i, 'moreInfo'], M.tooLong);
  });

  const relevance = c.relevance ?? [];
  if (relevance.length > LIMITS.relevanceItems) add(['relevance'], M.tooLong);
  relevance.forEach((r, i) => {
    if (blank(r.detail)) add(['relevance', i, 'detail'], M.required);
    else if (r.detail!.length > LIMITS.itemTextChars) add(['relevance', i, 'detail'], M.tooLong);
    if (r.title && r.title.length > LIMITS.lineChars) add(['relevance', i, 'title'], M.tooLong);
    if (r.proposalNumber !== null && r.proposalNumber !== undefined && r.proposalNumber < 1)
      add(['relevance', i, 'proposalNumber'], M.proposalNumberInvalid);
  });

  const b = c.budget;
  const hasBudget = !!b && (!blank(b.total) || !blank(b.elaAddress) || (b.payments ?? []).length > 0);
  if (hasBudget || required) issues.push(...checkBudget(b ?? {}, milestones.length));
}

function checkSpecialType(
  c: SuggestionContentInput,
  type: SuggestionType,
  h: {
    add: (path: (string | number)[], message: string) => void;
    amount: (path: (string | number)[], v: string | null | undefined, emptyMessage?: string) => void;
    did: (path: string[], v: string | null | undefined, emptyMessage: string | null) => void;
    text: (path: (string | number)[], v: string | null | undefined, max: number, required: boolean) => void;
  },
) {
  const { add, amount, did, text } = h;
  const positiveInt = (
    path: string[],
    v: number | null | undefined,
    emptyMessage: string,
    invalid: string,
  ) => {
    if (v === null || v === undefined) add(path, emptyMessage);
    else if (v < 1) add(path, invalid);
  };
  switch (type) {
    case 'CHANGE_PROPOSAL':
      positiveInt(
        ['targetProposalNumber'],
        c.targetProposalNumber,
        M.proposalNumberEmpty,
        M.proposalNumberInvalid,
      );
      if (blank(c.newOwnerDid) && blank(c.newAddress)) add(['newOwnerDid'], M.changeProposalInfo);
      did(['newOwnerDid'], c.newOwnerDid, null);
      if (!blank(c.newAddress) && !isPaymentAddress(c.newAddress!.trim()))
        add(['newAddress'], paymentAddressMessage(c.newAddress!.trim()));
      return;
    case 'CHANGE_SECRETARY':
      did(['newSecretaryDid'], c.newSecretaryDid, M.newSecretaryEmpty);
      return;
    case 'TERMINATE_PROPOSAL':
      positiveInt(
        ['closeProposalNumber'],
        c.closeProposalNumber,
        M.proposalNumberEmpty,
        M.proposalNumberInvalid,
      );
      return;
    case 'RESERVE_CUSTOMIZED_ID': {
      const names = splitDidNames(c.didNameList);
      if (names.length === 0) add(['didNameList'], M.required);
      else if (names.length > LIMITS.customizedIds || names.some((n) => n.length > 64))
        add(['didNameList'], M.tooLong);
      else if (duplicates(names).length) add(['didNameList'], M.duplicateDidNames(duplicates(names)));
      return;
    }
    case 'RECEIVE_CUSTOMIZED_ID': {
      const ids = (c.receivedCustomizedIdList ?? []).map((s) => s.trim()).filter((s) => s !== '');
      if (ids.length === 0) add(['receivedCustomizedIdList'], M.customizedDidFirst);
      else if (ids.length > LIMITS.customizedIds || ids.some((n) => n.length > 64))
        add(['receivedCustomizedIdList'], M.tooLong);
      else if (duplicates(ids).length)
        add(['receivedCustomizedIdList'], M.duplicateDidNames(duplicates(ids)));
      did(['customizedIdBindToDid'], c.customizedIdBindToDid, M.receiverDidEmpty);
      return;
    }
    case 'CHANGE_CUSTOMIZED_ID_FEE':
      amount(['customizedIdFee'], c.customizedIdFee, M.feeRateEmpty);
      positiveInt(
        ['effectiveHeightOfEid'],
        c.effectiveHeightOfEid,
        M.effectiveHeightEmpty,
        M.effectiveHeightEmpty,
      );
      return;
    case 'REGISTER_SIDE_CHAIN': {
      const s = c.sideChainDetails ?? {};
      const p = (f: string) => ['sideChainDetails', f];
      text(p('name'), s.name, LIMITS.lineChars, true);
      text(p('resourcePath'), s.resourcePath, LIMITS.linkChars, true);
      if (s.magic === null || s.magic === undefined) add(p('magic'), M.required);
      else if (s.magic < 0 || s.magic > 0xffffffff) add(p('magic'), M.invalidAmount);
      if (blank(s.genesisHash)) add(p('genesisHash'), M.required);
      else if (!HASH_PATTERN.test(s.genesisHash!.trim())) add(p('genesisHash'), 'Please input a valid hash.');
      if (s.effectiveHeight === null || s.effectiveHeight === undefined)
        add(p('effectiveHeight'), M.required);
      else if (s.effectiveHeight < 1) add(p('effectiveHeight'), M.effectiveHeightEmpty);
      amount(p('exchangeRate'), s.exchangeRate, M.required);
      text(p('otherInfo'), s.otherInfo, LIMITS.itemTextChars, false);
      return;
    }
    default:
      return;
  }
}

/** Canonical text: NFC, \n line endings, no trailing spaces on a line, trimmed; empty becomes undefined. */
export function normalizeText(v: string | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  const out = v
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+$/, ''))
    .join('\n')
    .trim();
  return out === '' ? undefined : out;
}
const oneLine = (v: string | null | undefined) => normalizeText(v)?.replace(/\s+/g, ' ');
const amountText = (v: string | null | undefined) => {
  const t = normalizeText(v);
  return t === undefined ? undefined : (normalizeAmount(t) ?? t);
};
const int = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);

/** Drops undefined values and empty arrays, so "absent", null, "" and [] are the same content. */
function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as T;
}

/** A payment address as stored and signed: trimmed, a Smart Chain address in its EIP-55 form. */
function addressText(v: string | null | undefined): string | undefined {
  const text = normalizeText(v);
  return text === undefined ? undefined : paymentAddressForm(text);
}

/**
 * The content as stored and hashed: text normalized, amounts canonical ("1.50" → "1.5"), only the fields of its
 * type. Idempotent. Call on content that passed `checkSuggestionContent`.
 */
export function normalizeSuggestionContent(c: SuggestionContentInput): SuggestionContent {
  const type = c.type!;
  const all: Record<string, unknown> = {
    title: oneLine(c.title),
    type,
    abstract: normalizeText(c.abstract),
    motivation: normalizeText(c.motivation),
    goal: normalizeText(c.goal),
    relevance: (c.relevance ?? []).map((r) =>
      compact({
        proposalNumber: int(r.proposalNumber),
        title: oneLine(r.title),
        detail: normalizeText(r.detail),
      }),
    ),
    plan: c.plan
      ? compact({
          milestones: (c.plan.milestones ?? []).map((m) =>
            compact({
              date: normalizeText(m.date),
              introduction: normalizeText(m.introduction),
              goal: normalizeText(m.goal),
            }),
          ),
          statement: normalizeText(c.plan.statement),
        })
      : undefined,
    team: (c.team ?? []).map((t) =>
      compact({
        member: oneLine(t.member),
        role: oneLine(t.role),
        responsibility: normalizeText(t.responsibility),
        moreInfo: normalizeText(t.moreInfo),
      }),
    ),
    budget:
      c.budget &&
      (!blank(c.budget.total) || !blank(c.budget.elaAddress) || (c.budget.payments ?? []).length > 0)
        ? compact({
            total: amountText(c.budget.total),
            elaAddress: addressText(c.budget.elaAddress),
            payments: (c.budget.payments ?? []).map((p) =>
              compact({
                type: p.type ?? undefined,
                amount: amountText(p.amount),
                milestone: int(p.milestone),
                criteria: normalizeText(p.criteria),
                reasons: normalizeText(p.reasons),
              }),
            ),
            statement: normalizeText(c.budget.statement),
          })
        : undefined,
    links: (c.links ?? []).map((l) => l.trim()).filter((l) => l !== ''),
    coverImage: normalizeText(c.coverImage),
    shortDescription: normalizeText(c.shortDescription),
    fullDescription: normalizeText(c.fullDescription),
    benefits: normalizeText(c.benefits),
    fundingUsd: amountText(c.fundingUsd),
    expectedCompletion: normalizeText(c.expectedCompletion),
    targetProposalNumber: int(c.targetProposalNumber),
    newOwnerDid: normalizeText(c.newOwnerDid),
    newAddress: addressText(c.newAddress),
    newSecretaryDid: normalizeText(c.newSecretaryDid),
    closeProposalNumber: int(c.closeProposalNumber),
    didNameList: splitDidNames(c.didNameList).join(' ') || undefined,
    receivedCustomizedIdList: (c.receivedCustomizedIdList ?? []).map((s) => s.trim()).filter((s) => s !== ''),
    customizedIdBindToDid: normalizeText(c.customizedIdBindToDid),
    customizedIdFee: amountText(c.customizedIdFee),
    effectiveHeightOfEid: int(c.effectiveHeightOfEid),
    sideChainDetails: c.sideChainDetails
      ? compact({
          name: oneLine(c.sideChainDetails.name),
          resourcePath: normalizeText(c.sideChainDetails.resourcePath),
          magic: int(c.sideChainDetails.magic),
          genesisHash: normalizeText(c.sideChainDetails.genesisHash)?.toLowerCase(),
          effectiveHeight: int(c.sideChainDetails.effectiveHeight),
          exchangeRate: amountText(c.sideChainDetails.exchangeRate),
          otherInfo: normalizeText(c.sideChainDetails.otherInfo),
        })
      : undefined,
  };
  const kept: Record<string, unknown> = {};
  for (const field of FIELDS_BY_TYPE[type]) kept[field] = all[field];
  return compact(kept) as unknown as SuggestionContent;
}

/**
 * POST /api/suggestion and PUT /api/suggestion/:id — THE suggestion form schema: the antd form validates with
 * it, the route parses with it, the service receives its output. Every rule reports its spec message on its
 * field path (e.g. `budget.payments.2.amount`).
 */
export const suggestionContentSchema = suggestionContentInputSchema
  .superRefine((value, ctx) => {
    for (const issue of checkSuggestionContent(value))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((value) => normalizeSuggestionContent(value));

/**
 * A draft (kept per author, resumable): any part of the form, no rules but a size bound; the same shape, so
 * resuming fills the same form.
 */
export const suggestionDraftContentSchema = suggestionContentInputSchema.superRefine((value, ctx) => {
  if (JSON.stringify(value).length > 400_000) ctx.addIssue({ code: 'custom', path: [], message: M.tooLong });
});
export type SuggestionDraftContent = z.infer<typeof suggestionDraftContentSchema>;
