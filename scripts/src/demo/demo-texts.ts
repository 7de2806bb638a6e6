/**
 * What the demo DAO talks about: English and Chinese titles and texts, picked by index so every round and scale
 * reads differently.
 */

export const DEMO_AUTHORS = [
  { firstName: 'Sofia', lastName: 'Moreno', country: 'ES' },
  { firstName: '晓明', lastName: '李', country: 'CN' },
  { firstName: 'Noah', lastName: 'Kim', country: 'KR' },
  { firstName: '佳琪', lastName: '吴', country: 'TW' },
  { firstName: 'Emma', lastName: 'Laurent', country: 'FR' },
  { firstName: 'Arjun', lastName: 'Mehta', country: 'IN' },
];

export interface MotionText {
  title: string;
  abstract: string;
  motivation: string;
  goal: string;
}

/** New motions: the ones the council votes on. */
export const MOTIONS: MotionText[] = [
  {
    title: 'Open data portal for Elastos on-chain statistics',
    abstract:
      'Build a public portal with daily statistics of the main chain, the smart chain and the DID chain, with open downloads.',
    motivation: 'Members and journalists ask for reliable numbers; today they are scattered over explorers.',
    goal: 'A portal with 40 data sets, updated daily, with an open API.',
  },
  {
    title: 'Essentials 钱包硬件密钥支持',
    abstract: '为 Essentials 钱包增加硬件密钥签名，让成员可以离线签署 DAO 操作。',
    motivation: '许多成员在手机上保存大量 ELA，硬件密钥可以显著降低被盗风险。',
    goal: '发布支持 DID 与 ELA 交易的硬件密钥签名。',
  },
  {
    title: 'Developer grants for Elastos Smart Chain tooling',
    abstract:
      'A small grants round for open-source tools around the Elastos Smart Chain: SDK examples, testing kits and indexers.',
    motivation: 'New developers leave when the first hour is hard; good tools shorten it.',
    goal: 'Ten funded tools, each with documentation and a maintained release.',
  },
  {
    title: '社区大使计划（亚洲区）',
    abstract: '在亚洲五个城市招募社区大使，组织线下见面会和开发者工作坊。',
    motivation: '线下活动是新成员了解 Cyber Republic 的主要途径，目前活动分散且缺少支持。',
    goal: '一年内举办 20 场活动，吸引 500 名新成员。',
  },
  {
    title: 'Security audit of the DID sidechain bridge',
    abstract:
      'An independent audit of the cross-chain bridge between the main chain and the EID sidechain, with a public report.',
    motivation: 'The bridge holds members’ funds; it has not been audited since its last upgrade.',
    goal: 'A published audit report and fixes for every finding rated medium or above.',
  },
  {
    title: 'Elastos 中文文档翻译与维护',
    abstract: '将开发者文档完整翻译为中文，并在每次版本发布后两周内同步更新。',
    motivation: '中文开发者是社区的重要组成部分，但现有中文文档已经过时。',
    goal: '完整的中文文档站点，与英文版同步。',
  },
];

export const OTHER_SUGGESTIONS = {
  against: {
    title: 'Against: pausing the marketing budget for a quarter',
    abstract: 'A motion against the idea of pausing all marketing spending for the next quarter.',
    motivation: 'A pause would stop the ambassador events already planned with partners.',
  },
  other: {
    title: '关于理事会会议记录公开的建议',
    abstract: '建议理事会在每次会议后一周内公开会议纪要，方便社区了解讨论内容。',
    motivation: '透明的会议记录可以减少误解，也让社区更容易参与讨论。',
  },
};

export const VOTE_REASONS = {
  yes: [
    'A clear plan with a fair budget and milestones we can check.',
    '预算合理，里程碑清晰，支持。',
    'The team has delivered before; the milestones are verifiable.',
    '对社区有长期价值，同意。',
  ],
  oppose: ['The budget is high for the scope; I would like a smaller first stage.', '方案还不够具体，反对。'],
  abstain: ['I advise the team; I abstain.', '利益相关，弃权。'],
};

export const ELIPS = [
  {
    title: 'Sidechain fee market',
    type: 'STANDARD_TRACK',
    language: 'en',
    abstract: 'A fee market for side chains, with a base fee adjusted per block.',
    motivation: 'Fees on side chains are fixed today and do not follow demand.',
    specification: 'Each block carries a base fee; it rises by 1/8 when the block is more than half full.',
    copyright: 'CC0',
  },
  {
    title: 'DID 文档的密钥轮换流程',
    type: 'PROCESS',
    language: 'zh',
    abstract: '规定 DID 文档中主密钥的轮换步骤与过渡期。',
    motivation: '目前密钥泄露后没有统一的处理流程。',
    specification: '持有人发布新的文档版本，旧密钥在 30 天过渡期后失效。',
    copyright: 'CC0',
  },
  {
    title: 'Council meeting notes format',
    type: 'INFORMATIONAL',
    language: 'en',
    abstract: 'A common format for the notes of council meetings.',
    motivation: 'Notes are written in many styles and hard to compare.',
    specification: 'Each note lists attendees, agenda, decisions and open questions.',
    copyright: 'CC0',
  },
];
