import { toChecksumEscAddress } from '@cr/contract/address';
import { amountToSela, selaToAmount } from '@cr/contract/ela-amount';
import {
  suggestionContentSchema,
  type SuggestionContent,
  type SuggestionContentInput,
} from '@cr/contract/suggestion-content.contract';
import { int, pick, suggestionText, type Rand } from './seed-text';

const day = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A budget that passes every rule: one payment per milestone, none but the completion above 30%. */
function budget(r: Rand, milestones: number): NonNullable<SuggestionContentInput['budget']> {
  const total = amountToSela(String(int(r, 5, 400) * 100))!;
  const share = (total * 9n) / 10n / BigInt(Math.max(milestones - 1, 4));
  const payments: NonNullable<NonNullable<SuggestionContentInput['budget']>['payments']> = [];
  let paid = 0n;
  for (let i = 0; i < milestones - 1; i++) {
    const amount = (share * BigInt(int(r, 50, 100))) / 100n;
    paid += amount;
    payments.push({
      type: i === 0 ? 'ADVANCE' : 'CONDITIONED',
      amount: selaToAmount(amount),
      milestone: i,
      criteria:
        i === 0
          ? 'Design document accepted by the community'
          : `Milestone ${i + 1} delivered and demonstrated`,
    });
  }
  payments.push({
    type: 'COMPLETION',
    amount: selaToAmount(total - paid),
    milestone: milestones - 1,
    criteria: 'Final report published and verified by the secretariat',
  });
  const hash = new Uint8Array(20).map(() => int(r, 0, 255));
  return {
    total: selaToAmount(total),
    elaAddress: toChecksumEscAddress(`0x${Buffer.from(hash).toString('hex')}`)!,
    payments,
    statement: 'Paid per milestone.',
  };
}

/** One suggestion's content, validated and normalized by the same schema the API uses. */
export function seedContent(r: Rand, createdAt: number): SuggestionContent {
  const text = suggestionText(r);
  const roll = r();
  let input: SuggestionContentInput;
  if (roll < 0.75) {
    const n = int(r, 1, 5);
    let t = createdAt + int(r, 10, 60) * day;
    const milestones = Array.from({ length: n }, (_, i) => {
      if (i > 0) t += int(r, 20, 85) * day;
      return {
        date: iso(t),
        introduction: `Phase ${i + 1}: ${pick(r, ['design', 'build', 'test', 'launch', 'report'])}`,
      };
    });
    input = {
      ...text,
      type: roll < 0.65 ? '1' : '2',
      plan: { milestones, statement: 'Each phase ends with a public demo.' },
      team: [
        { member: 'Lead', role: 'Project lead', responsibility: 'Planning and reporting' },
        { member: 'Dev', role: 'Developer', responsibility: 'Implementation' },
      ],
      budget: budget(r, n),
    };
  } else if (roll < 0.9) {
    input = { ...text, type: '3' };
  } else if (roll < 0.95) {
    input = {
      ...text,
      type: 'RESERVE_CUSTOMIZED_ID',
      didNameList: `dao${int(r, 1, 9999)} cr${int(r, 1, 9999)} ela`,
    };
  } else {
    input = {
      ...text,
      type: 'CHANGE_CUSTOMIZED_ID_FEE',
      customizedIdFee: `0.${int(r, 1, 99)}`,
      effectiveHeightOfEid: int(r, 1e6, 2e6),
    };
  }
  return suggestionContentSchema.parse(input);
}
