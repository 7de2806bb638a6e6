/**
 * Realistic suggestion text for the seed: English and Chinese titles and paragraphs about the things Cyber
 * Republic members propose (wallets, DID, side chains, community events, marketing, audits). Deterministic for a
 * given random source, so two runs with the same seed produce the same data.
 */
export type Rand = () => number;

/** mulberry32: a small seeded PRNG. */
export function seededRandom(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
export const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

const EN_ACTIONS = [
  'Build',
  'Fund',
  'Launch',
  'Improve',
  'Audit',
  'Translate',
  'Host',
  'Integrate',
  'Support',
  'Redesign',
];
export const EN_SUBJECTS = [
  'hardware wallet support',
  'a DID login SDK',
  'the Essentials mobile wallet',
  'an Elastos smart chain bridge',
  'community meetups in Singapore',
  'a developer bootcamp',
  'the block explorer',
  'a BPoS staking dashboard',
  'Chinese documentation',
  'a hackathon in Berlin',
  'the side chain monitoring service',
  'a podcast about Web3 governance',
  'security audits of the treasury contracts',
  'a grant program for students',
  'the council voting analytics site',
  'marketing in Latin America',
  'an NFT marketplace on ESC',
  'a decentralized storage gateway',
];
const EN_PURPOSES = [
  'so that members can sign DAO actions offline',
  'to grow the developer community',
  'to make governance easier to follow',
  'to reduce the risk of lost funds',
  'so new users understand the council process',
  'to attract partners from other ecosystems',
  'to keep the network healthy and observable',
];
const EN_SENTENCES = [
  'The team has delivered similar work for other open-source projects.',
  'All code will be published under the MIT license.',
  'Progress reports will be posted every month on the forum.',
  'The budget covers two developers and one designer for six months.',
  'We will coordinate with the secretariat on every milestone.',
  'Community feedback from the last town hall shaped this plan.',
  'Existing tools are fragmented and poorly documented.',
  'The result will be maintained for at least one year after delivery.',
];

const ZH_ACTIONS = ['开发', '资助', '推出', '改进', '审计', '翻译', '举办', '集成', '支持', '重新设计'];
export const ZH_SUBJECTS = [
  '硬件钱包支持',
  '去中心化身份登录工具包',
  'Essentials 移动钱包',
  '智能链跨链桥',
  '新加坡社区聚会',
  '开发者训练营',
  '区块浏览器',
  '权益质押面板',
  '中文技术文档',
  '柏林黑客松',
  '侧链监控服务',
  '治理主题播客',
  '国库合约安全审计',
  '学生资助计划',
  '议会投票数据分析网站',
  '拉丁美洲市场推广',
  '去中心化存储网关',
];
const ZH_PURPOSES = [
  '让社区成员可以离线签署提案',
  '扩大开发者社区',
  '让治理流程更加透明',
  '降低资产丢失的风险',
  '帮助新用户理解议会流程',
  '吸引其他生态的合作伙伴',
];
const ZH_SENTENCES = [
  '团队曾为多个开源项目完成类似的工作。',
  '所有代码将以开源许可证发布。',
  '我们每个月会在论坛上发布进度报告。',
  '预算包括两名开发人员和一名设计师六个月的费用。',
  '每个里程碑都会与秘书处沟通确认。',
  '该方案参考了上次社区会议的反馈。',
  '现有工具分散且缺少文档。',
];

export interface SeedText {
  title: string;
  abstract: string;
  motivation: string;
  goal: string;
}

/** One suggestion's text, Chinese with probability `zhShare`. */
export function suggestionText(r: Rand, zhShare = 0.3): SeedText {
  if (r() < zhShare) {
    const subject = pick(r, ZH_SUBJECTS);
    const para = (n: number) => Array.from({ length: n }, () => pick(r, ZH_SENTENCES)).join('');
    return {
      title: `${pick(r, ZH_ACTIONS)}${subject}`,
      abstract: `本建议计划${pick(r, ZH_ACTIONS)}${subject}，${pick(r, ZH_PURPOSES)}。${para(2)}`,
      motivation: para(4),
      goal: `${pick(r, ZH_PURPOSES)}。${para(2)}`,
    };
  }
  const subject = pick(r, EN_SUBJECTS);
  const para = (n: number) => Array.from({ length: n }, () => pick(r, EN_SENTENCES)).join(' ');
  const action = pick(r, EN_ACTIONS);
  return {
    title: `${action} ${subject}`,
    abstract: `This suggestion proposes to ${action.toLowerCase()} ${subject} ${pick(r, EN_PURPOSES)}. ${para(2)}`,
    motivation: para(4),
    goal: `${action} ${subject} ${pick(r, EN_PURPOSES)}. ${para(2)}`,
  };
}

const EN_FIRST = [
  'Alice',
  'Bob',
  'Carol',
  'David',
  'Emma',
  'Frank',
  'Grace',
  'Henry',
  'Irene',
  'Jack',
  'Kate',
  'Liam',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
];
const EN_LAST = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Wilson',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moore',
  'Martin',
];
const ZH_FIRST = ['伟', '芳', '娜', '敏', '静', '磊', '强', '军', '洋', '勇', '艳', '杰', '涛', '明'];
const ZH_LAST = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];

/** A member's name; usernames are ASCII (they are mentioned as @username). */
export function personName(r: Rand, i: number): { firstName: string; lastName: string; username: string } {
  if (r() < 0.35) {
    const lastName = pick(r, ZH_LAST);
    const firstName = pick(r, ZH_FIRST);
    return { firstName, lastName, username: `member_zh_${i}` };
  }
  const firstName = pick(r, EN_FIRST);
  const lastName = pick(r, EN_LAST);
  return { firstName, lastName, username: `${firstName.toLowerCase()}_${lastName.toLowerCase()}_${i}` };
}

export const COMMENTS_EN = [
  'Great idea, I would support this.',
  'Can you break down the budget per milestone?',
  'How does this compare with the existing tools?',
  'The timeline looks too optimistic to me.',
  'Please add more detail on the team.',
  'Looking forward to the first report.',
];
export const COMMENTS_ZH = [
  '好主意，支持！',
  '请详细说明每个里程碑的预算。',
  '时间安排似乎太紧了。',
  '团队信息可以再补充一些吗？',
];
