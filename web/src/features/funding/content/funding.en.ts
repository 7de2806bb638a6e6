import type { ProseSection } from '../../../components/prose';

/** The funding guide in English (rules from spec §5 and §9). */
export const fundingEn: ProseSection[] = [
  {
    id: 'who',
    label: '1',
    title: 'Who can ask for funding',
    blocks: [
      {
        p: 'Anyone with a Cyber Republic account can ask the Elastos DAO to fund their work: developers, designers, writers, community organizers and teams. The entry point is always a suggestion. Before posting one, bind your DID to your account: you will sign the suggestion with it.',
      },
    ],
  },
  {
    id: 'process',
    label: '2',
    title: 'The suggestion and proposal process',
    blocks: [
      {
        ol: [
          'Post a suggestion describing the goal, the plan, the team and the budget, then sign it with your DID. A signed suggestion can no longer be edited.',
          'The community and the council discuss it in the comments. Council members may ask for more information or mark it as under consideration.',
          'A council member makes the suggestion into a proposal by signing it with their DID; the proposal is registered on chain.',
          'The council votes for 7 days; 8 of the 12 seats must vote yes.',
          'The community review (veto) period follows for 7 days. If it is not vetoed, the proposal passes and the first payment can be requested.',
        ],
      },
    ],
  },
  {
    id: 'guide',
    label: '3',
    title: 'Writing a good suggestion',
    blocks: [
      {
        ul: [
          'Type: a new motion, a motion against an earlier decision, or one of the special types (change a proposal owner, change the Secretary General, terminate a proposal, customized DIDs, side chain registration).',
          'Abstract: what you will do, in at most 200 words.',
          'Motivation and goal: the problem you solve, who benefits, and how success will be measured.',
          'Plan: milestones with dates. Each milestone has an introduction, each date is later than the one before, and checkpoints are at most 3 months apart.',
          'Implementation team: who does the work, their role and responsibility.',
          'Budget: the total in ELA, the ELA address that receives payments (your own wallet, not an exchange deposit address) and the payment schedule.',
          'Relevance: related proposals and how your work fits with them.',
        ],
      },
    ],
  },
  {
    id: 'payments',
    label: '4',
    title: 'Payment rules',
    blocks: [
      {
        table: {
          head: ['Payment', 'Rule'],
          rows: [
            ['Project Initiation Payment', 'At most one, and only for the first milestone.'],
            ['Project Milestone Payment', 'For milestones between the first and the last.'],
            [
              'Project Completion Payment',
              'Exactly one, for the last milestone; requested with the final summary.',
            ],
          ],
        },
      },
      {
        ul: [
          'Every payment matches one milestone, and a milestone is used by only one payment.',
          'No single payment may exceed 30% of the total budget.',
          'The payments add up exactly to the total budget.',
          'Amounts are in ELA with at most 8 decimals.',
        ],
      },
    ],
  },
  {
    id: 'after',
    label: '5',
    title: 'After your proposal passes',
    blocks: [
      {
        p: 'Report progress with tracking messages. When a milestone is reached, request its payment with a short report; the secretariat reviews it and approves or rejects it with a comment. Approved payments are withdrawn to the ELA address of the proposal. The completion payment closes the proposal once the secretariat approves your final summary.',
      },
    ],
  },
];
