import { randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import { elaAddressFromProgramHash } from '../src/address';
import type { SuggestionContentInput } from '../src/suggestion-content.contract';

/** A valid standard ELA address (new program hash each call). */
export const elaAddress = () => elaAddressFromProgramHash(randomBytes(20));

/** A valid Elastos Smart Chain address in its EIP-55 form (new each call): what the treasury pays to. */
export const escAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/**
 * A new-motion suggestion that passes every rule: three milestones two months apart, a team of one, and a
 * budget of 1000 ELA paid 300 / 300 / 400 (initiation, milestone, completion).
 */
export function newMotion(overrides: Partial<SuggestionContentInput> = {}): SuggestionContentInput {
  return {
    title: 'Essentials wallet: hardware key support',
    type: '1',
    abstract: 'Add hardware key support to the Essentials wallet so members can sign DAO actions offline.',
    motivation: 'Members keep large ELA balances on phones; a hardware key reduces the risk of theft.',
    goal: 'Ship hardware key signing for DID and ELA transactions.',
    plan: {
      milestones: [
        { date: '2030-01-15', introduction: 'Design and threat model', goal: 'Reviewed design' },
        { date: '2030-03-15', introduction: 'Implementation' },
        { date: '2030-05-15', introduction: 'Audit and release' },
      ],
      statement: 'Three phases, each reviewed by the community.',
    },
    team: [{ member: 'Alice', role: 'Lead developer', responsibility: 'Everything wallet-side' }],
    budget: {
      total: '1000',
      elaAddress: escAddress(),
      payments: [
        { type: 'ADVANCE', amount: '300', milestone: 0, criteria: 'Design accepted' },
        { type: 'CONDITIONED', amount: '300', milestone: 1, criteria: 'Beta build published' },
        { type: 'COMPLETION', amount: '400', milestone: 2, criteria: 'Audit report and release' },
      ],
      statement: 'Paid in three parts.',
    },
    ...overrides,
  };
}
