/**
 * Who the dev identities are on the site: realistic names (English and Chinese, given name then family name as
 * the register form asks) and countries, so pages look like the real product when tried locally. The dev wallet
 * keeps its own names (council-01 … council-12, secretary, admin, member): those are what `--as` takes.
 */
export interface DevPerson {
  firstName: string;
  lastName: string;
  country: string;
  motto: string;
}

export const DEV_PEOPLE: Record<string, DevPerson> = {
  'council-01': { firstName: '嘉怡', lastName: '陈', country: 'CN', motto: '让每一笔资助都公开透明。' },
  'council-02': { firstName: 'Daniel', lastName: 'Weber', country: 'DE', motto: 'Ship small, review often.' },
  'council-03': { firstName: '浩然', lastName: '王', country: 'CN', motto: '去中心化从社区开始。' },
  'council-04': {
    firstName: 'Amelia',
    lastName: 'Brooks',
    country: 'US',
    motto: 'Good governance is boring.',
  },
  'council-05': { firstName: '子涵', lastName: '林', country: 'SG', motto: '连接开发者与社区。' },
  'council-06': { firstName: 'Kenji', lastName: 'Sato', country: 'JP', motto: 'Infrastructure first.' },
  'council-07': { firstName: '志远', lastName: '张', country: 'CN', motto: '长期主义。' },
  'council-08': {
    firstName: 'Olivia',
    lastName: 'Martins',
    country: 'BR',
    motto: 'Grow the ecosystem together.',
  },
  'council-09': { firstName: '雨桐', lastName: '刘', country: 'HK', motto: '为 Elastos 的下一代应用投票。' },
  'council-10': {
    firstName: 'Lucas',
    lastName: 'Fischer',
    country: 'CH',
    motto: 'Security before features.',
  },
  'council-11': { firstName: '思远', lastName: '黄', country: 'CN', motto: '每个提案都值得认真阅读。' },
  'council-12': {
    firstName: 'Priya',
    lastName: 'Nair',
    country: 'IN',
    motto: 'Clear milestones, fair payments.',
  },
  secretary: {
    firstName: '婉清',
    lastName: '周',
    country: 'SG',
    motto: 'Secretariat of the Cyber Republic.',
  },
  admin: { firstName: 'Marco', lastName: 'Rossi', country: 'IT', motto: 'Keeping the lights on.' },
  member: {
    firstName: 'Mia',
    lastName: 'Novak',
    country: 'CZ',
    motto: 'New here, building a wallet plug-in.',
  },
};

/** The dev wallet of an ordinary member: what the QR dialog's dev approver offers first. */
export const DEV_MEMBER_NAME = 'member';
