import type { ProseSection } from '../../../components/prose';

/** The whitepaper in English: a concise account of the governance rules (spec §6 and §9). */
export const whitepaperEn: ProseSection[] = [
  {
    id: 'abstract',
    label: '0',
    title: 'Abstract',
    blocks: [
      {
        p: 'The Cyber Republic (CR) is the decentralized autonomous organization (DAO) of the Elastos ecosystem. ELA holders elect a council of 12 members every year. Community members post suggestions; council members turn good suggestions into proposals and vote on them; the community can veto a proposal before it takes effect; and the treasury pays approved work milestone by milestone. Every decision is signed with a decentralized identity (DID) and recorded on chain, so anyone can check it.',
      },
    ],
  },
  {
    id: 'introduction',
    label: '1',
    title: 'Introduction',
    blocks: [
      {
        p: 'Elastos is a blockchain platform whose main chain is secured by merged mining with Bitcoin and by elected validators (BPoS). Its ecosystem needs a way to decide, in the open, which work is funded and which rules change. The Cyber Republic is that way: a community government with a treasury, an elected council and a secretariat.',
      },
      {
        p: 'This paper describes who takes part, how suggestions become proposals, how votes and vetoes work, how the treasury is funded and spent, and how the community holds the council to account.',
      },
    ],
  },
  {
    id: 'roles',
    label: '2',
    title: 'Roles',
    blocks: [
      {
        ul: [
          'Community members: anyone holding ELA. They vote in council elections, may stand as candidates, post suggestions, oppose proposals during community review and impeach council members.',
          'Council members: 12 members elected by ELA holders. They do not propose on their own behalf; they recommend community suggestions as proposals and vote yes, no (oppose) or abstain, always with a reason.',
          'The secretariat: led by the Secretary General. It reviews the progress reports and final summaries of funded proposals, approves milestone payments and keeps notes on each proposal.',
        ],
      },
    ],
  },
  {
    id: 'election',
    label: '3',
    title: 'Council elections',
    blocks: [
      {
        ul: [
          'The council has 12 seats (3 during the interim period while the system was launched).',
          'A candidate registers with a deposit of 5,000 ELA.',
          'A term lasts 262,800 blocks, about one year.',
          'The election for the next council starts 21,900 blocks (about one month) before the term ends.',
          'An election is also held early when the number of council members falls below 2/3 of the seats.',
        ],
      },
    ],
  },
  {
    id: 'suggestions',
    label: '4',
    title: 'Suggestions',
    blocks: [
      {
        p: 'Every proposal starts as a suggestion written by a community member who has bound a DID to their account. A suggestion states the goal, the motivation, the plan with milestones, the implementation team and the budget with its payment schedule.',
      },
      {
        p: 'The author signs the suggestion with their DID; after signing it can no longer be edited. Council members may comment, mark it as under consideration, ask for more information, or make it into a proposal by signing with their own DID.',
      },
    ],
  },
  {
    id: 'proposals',
    label: '5',
    title: 'Proposals',
    blocks: [
      {
        p: 'A proposal is a suggestion that a council member has registered on chain. Besides funding new work, a proposal can change the owner of an earlier proposal, appoint a new Secretary General, terminate a proposal, or change chain parameters such as customized DIDs and side chains.',
      },
      { p: 'A proposal moves through these stages:' },
      {
        ol: [
          'Submitted: registered on chain by a council member.',
          'Council Voting: the council votes during the voting period.',
          'Community Review: the community may veto during the review period.',
          'Tracked: the work is under way and paid milestone by milestone.',
          'Finalized: the work is complete and the final summary approved.',
        ],
      },
      {
        p: 'A proposal that fails the council vote or is vetoed ends as Rejected; one withdrawn or terminated ends as Canceled.',
      },
      {
        p: 'Each council member may raise at most 128 proposals per term, and none while an election is running.',
      },
    ],
  },
  {
    id: 'voting',
    label: '6',
    title: 'Voting and community review',
    blocks: [
      {
        ul: [
          'Council voting lasts 7 days (5,040 blocks at about 2 minutes per block). Each member votes yes, oppose or abstain and gives a reason.',
          'A proposal passes the council with 8 of 12 yes votes (2/3 of the seats).',
          'Then the community review lasts another 7 days (5,040 blocks). Any ELA holder may oppose the proposal.',
          'If the opposing votes exceed 10% of the circulating ELA supply, the proposal is vetoed and does not take effect.',
        ],
      },
    ],
  },
  {
    id: 'treasury',
    label: '7',
    title: 'The treasury',
    blocks: [
      {
        ul: [
          'At the start of each term the council treasury receives 10% of the DAO assets.',
          'A single proposal may use at most 10% of the council expense balance.',
          'Payments are released per milestone, after the secretariat approves the progress of that milestone.',
          'ELA issuance and the split of mining rewards are set by the protocol (see Appendix A).',
        ],
      },
    ],
  },
  {
    id: 'tracking',
    label: '8',
    title: 'Tracking and execution',
    blocks: [
      {
        p: 'The owner of a passed proposal reports progress through tracking messages and requests each milestone payment with a short report. The secretariat reviews each report and approves or rejects it with a comment. A proposal may carry at most 128 tracking messages.',
      },
      {
        p: 'The last payment is the completion payment. It is requested with a final summary; once the secretariat approves the summary, the proposal is finalized.',
      },
    ],
  },
  {
    id: 'accountability',
    label: '9',
    title: 'Impeachment and deposits',
    blocks: [
      {
        p: 'The community can impeach a council member: when the impeachment votes exceed 20% of the circulating ELA supply, the member loses the seat.',
      },
      {
        p: 'At the end of a term a council member gets back R = P × (N / M) of the deposit P, where N / M is the share of the term’s proposals the member voted on. A member removed early gets back R = P × (T / 262,800) × (N / M), where T is the number of blocks served. A member found in illegal status forfeits the whole deposit.',
      },
    ],
  },
  {
    id: 'secretariat',
    label: '10',
    title: 'The secretariat',
    blocks: [
      {
        p: 'The Secretary General leads the secretariat and is appointed by a proposal. The secretariat reviews tracking messages and summaries, approves milestone payments, keeps the notes shown on each proposal, and co-signs changes of proposal owner and the conclusion of proposals.',
      },
    ],
  },
  {
    id: 'parameters',
    label: 'Appendix A',
    title: 'Parameters',
    blocks: [
      {
        table: {
          head: ['Parameter', 'Value'],
          rows: [
            ['Council seats', '12 (3 in the interim period)'],
            ['Votes to pass', '8 of 12 (2/3)'],
            ['Council voting period', '7 days, 5,040 blocks'],
            ['Community review (veto) period', '7 days, 5,040 blocks'],
            ['Veto threshold', 'more than 10% of circulating supply'],
            ['Impeachment threshold', 'more than 20% of circulating supply'],
            ['Candidate deposit', '5,000 ELA'],
            ['Term', '262,800 blocks (about one year)'],
            ['Election start', '21,900 blocks before the term ends'],
            ['Proposals per member per term', 'at most 128 (none during an election)'],
            ['Tracking messages per proposal', 'at most 128'],
            ['Treasury funding per term', '10% of DAO assets'],
            ['Largest single proposal', '10% of the council expense balance'],
            ['Annual ELA issuance', '1.2%'],
            ['Mining reward split', '70 / 30'],
          ],
        },
      },
    ],
  },
  {
    id: 'glossary',
    label: 'Appendix B',
    title: 'Glossary',
    blocks: [
      {
        ul: [
          'ELA: the native coin of Elastos, used to vote, to pay deposits and to fund proposals.',
          'DID: a decentralized identifier. Members prove who they are by signing with the key of their DID, for example in the Elastos Essentials wallet.',
          'Block: about 2 minutes on the Elastos main chain; 5,040 blocks are about 7 days.',
          'Circulating supply: the ELA in circulation, against which veto and impeachment thresholds are measured.',
          'Milestone: a checkpoint of a proposal’s plan that unlocks one payment.',
        ],
      },
    ],
  },
];
