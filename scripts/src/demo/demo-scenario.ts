import { randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import type { SuggestionContentInput } from '@cr/contract/suggestion-content.contract';
import { DemoClient, DemoHttpError, until } from './demo-client';
import { DemoChain } from './demo-chain';
import { DemoWallets, type DemoPerson } from './demo-people';
import { DEMO_AUTHORS, ELIPS, MOTIONS, OTHER_SUGGESTIONS, VOTE_REASONS } from './demo-texts';

/**
 * The demo DAO, played through the real mechanisms of a running stack: accounts sign in and sign by QR answered
 * by the dev wallet, content goes through the api, every chain fact is a signed action the chain worker relays to
 * the local chain, and the chain's windows pass by mining blocks. Nothing is written to the database directly.
 *
 * One scale unit: new members, suggestions of every type (some signed), proposals registered and voted on chain
 * (one in its voting window, one in its veto window, one vetoed, one ACTIVE with its advance paid from the
 * treasury and the next stage requested, one FINAL with its summary), ELIPs in each status, release notes,
 * teams, CRcles, tasks and projects, a community, comments and likes. `scale` N plays N units.
 */

export interface DemoOptions {
  url: string;
  /** JSON-RPC of the stack's local chain (anvil): the demo mines blocks to let windows pass. */
  rpcUrl: string;
  scale?: number;
  /** Play another round even when the stack already holds demo data. */
  more?: boolean;
  log?: (line: string) => void;
  /** Local address to ask from (default 127.0.0.2 on a loopback stack; null = the system's choice). */
  localAddress?: string | null;
}

export type DemoRole = 'voting' | 'veto-window' | 'vetoed' | 'active' | 'final';

export interface DemoResult {
  /** false when the stack already held demo data and `more` was not asked. */
  played: boolean;
  round: number;
  proposals: Array<{ role: DemoRole; id: string; number: number; status: string }>;
  suggestions: number;
  seconds: number;
}

const PREFIX = 'demo';
const roundOf = (name: string) => /^demo(\d+)-/.exec(name)?.[1];

const escAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** A new motion with a three-stage budget of 1,000 ELA (an advance, one conditioned stage, the completion). */
function motion(text: (typeof MOTIONS)[number], title: string): SuggestionContentInput {
  return {
    title,
    type: '1',
    abstract: text.abstract,
    motivation: text.motivation,
    goal: text.goal,
    plan: {
      milestones: [
        { date: '2030-01-15', introduction: 'Design and plan', goal: 'A reviewed design' },
        { date: '2030-03-15', introduction: 'Build and beta' },
        { date: '2030-05-15', introduction: 'Release and report' },
      ],
      statement: 'Three phases, each reviewed by the community.',
    },
    team: [{ member: 'Lead', role: 'Project lead', responsibility: 'Delivery and reporting' }],
    budget: {
      total: '1000',
      elaAddress: escAddress(),
      payments: [
        { type: 'ADVANCE', amount: '300', milestone: 0, criteria: 'Design accepted' },
        { type: 'CONDITIONED', amount: '300', milestone: 1, criteria: 'Beta published' },
        { type: 'COMPLETION', amount: '400', milestone: 2, criteria: 'Release and final report' },
      ],
      statement: 'Paid in three parts from the treasury.',
    },
  };
}

class Demo {
  readonly api: DemoClient;
  readonly chain: DemoChain;
  readonly wallets: DemoWallets;
  readonly log: (line: string) => void;
  readonly problems: string[] = [];
  council: DemoPerson[] = [];
  secretary!: DemoPerson;
  admin!: DemoPerson;
  authors: DemoPerson[] = [];

  constructor(
    readonly opts: DemoOptions,
    readonly round: number,
  ) {
    this.api = new DemoClient({ baseUrl: opts.url, localAddress: opts.localAddress });
    this.chain = new DemoChain(opts.rpcUrl);
    this.wallets = new DemoWallets(this.api);
    this.log = opts.log ?? (() => undefined);
  }

  tag(i: number) {
    return this.round > 1 ? ` (${this.round}.${i + 1})` : i > 0 ? ` (${i + 1})` : '';
  }

  /** A side part of the demo (content, social): a failure is reported and the rest goes on. */
  async part(what: string, fn: () => Promise<unknown>) {
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.problems.push(`${what}: ${message}`);
      this.log(`demo: ${what} failed: ${message}`);
    }
  }

  // ── people ────────────────────────────────────────────────────────────────────────────────────────────────

  async people(scale: number) {
    const councilNames = Array.from({ length: 12 }, (_, i) => `council-${String(i + 1).padStart(2, '0')}`);
    this.council = await Promise.all(councilNames.map((n) => this.wallets.person(n)));
    this.secretary = await this.wallets.person('secretary');
    this.admin = await this.wallets.person('admin');
    const count = 4 * scale;
    this.authors = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const who = DEMO_AUTHORS[i % DEMO_AUTHORS.length]!;
        return this.wallets.person(`${PREFIX}${this.round}-${i + 1}`, {
          username: `${who.firstName.toLowerCase().replace(/[^a-z]/g, '') || 'member'}_${this.round}_${i + 1}`,
          firstName: who.firstName,
          lastName: who.lastName,
          country: who.country,
        });
      }),
    );
  }

  // ── suggestions and proposals ─────────────────────────────────────────────────────────────────────────────

  async postSuggestion(author: DemoPerson, content: SuggestionContentInput) {
    return this.api.call<{ _id: string; number: number }>('/suggestion', {
      method: 'POST',
      token: author.token,
      body: content,
    });
  }

  async signSuggestion(author: DemoPerson, suggestionId: string) {
    await this.wallets.sign(author.wallet, 'sign-suggestion', { suggestionId }, author.token);
  }

  detail(ref: string | number) {
    return this.api.call<ProposalDetail>(`/proposals/${ref}`);
  }

  waitProposal(ref: string | number, what: string, ok: (d: ProposalDetail) => boolean, timeoutMs = 120_000) {
    return until(`proposal ${ref}: ${what}`, () => this.detail(ref), ok, timeoutMs);
  }

  /** A council member makes the signed suggestion a proposal; waits until it is registered on chain. */
  async propose(member: DemoPerson, suggestionId: string): Promise<ProposalDetail> {
    const { state } = await this.wallets.sign(
      member.wallet,
      'make-proposal',
      { ref: suggestionId },
      member.token,
    );
    const id = String((state.result as { proposalId?: string } | null)?.proposalId ?? '');
    if (!id) throw new Error(`make-proposal: no proposal in ${JSON.stringify(state)}`);
    return this.waitProposal(
      id,
      'registered on chain',
      (d) => d.window.votingEndHeight !== null && d.chainStatus === 'chained',
    );
  }

  /** A council member's vote: saved with its reason, then signed and posted on chain. */
  async vote(member: DemoPerson, proposalId: string, choice: 'yes' | 'oppose' | 'abstain', i: number) {
    const reasons = VOTE_REASONS[choice];
    await this.api.call(`/proposals/${proposalId}/vote`, {
      method: 'PUT',
      token: member.token,
      body: { choice, reason: reasons[i % reasons.length] },
    });
    await this.wallets.sign(member.wallet, 'vote', { proposalId }, member.token);
  }

  /** The given votes, then waits until each is on chain and counted. */
  async votes(p: ProposalDetail, choices: Array<'yes' | 'oppose' | 'abstain'>, offset: number) {
    const voters = choices.map((_, i) => this.council[(offset + i) % this.council.length]!);
    await Promise.all(choices.map((c, i) => this.vote(voters[i]!, p._id, c, offset + i)));
    return this.waitProposal(
      p._id,
      `${choices.length} votes on chain`,
      (d) => d.votes.filter((v) => v.chainStatus === 'chained').length >= choices.length,
    );
  }

  /** A signed new motion of `author`, registered by a council member (chosen by `k`). */
  async registered(author: DemoPerson, k: number, title: string) {
    const s = await this.postSuggestion(author, motion(MOTIONS[k % MOTIONS.length]!, title));
    await this.signSuggestion(author, s._id);
    return { suggestion: s, proposal: await this.propose(this.council[k % this.council.length]!, s._id) };
  }

  // ── payments and conclusion ───────────────────────────────────────────────────────────────────────────────

  payments(id: string) {
    return this.api.call<ProposalPayments>(`/proposals/${id}/payments`);
  }

  waitStage(id: string, stage: number, status: string) {
    return until(
      `proposal ${id} stage ${stage + 1} ${status}`,
      () => this.payments(id),
      (x) => {
        const m = x.milestones[stage];
        return (
          m?.status === status &&
          (!m.action || (m.action.status !== 'unchain' && m.action.status !== 'chaining'))
        );
      },
      120_000,
    );
  }

  async ownerSigns(owner: DemoPerson, action: string, params: Record<string, unknown>) {
    await this.wallets.sign(owner.wallet, action, params, owner.token);
  }

  async request(owner: DemoPerson, id: string, stage: number, message: string) {
    await this.ownerSigns(owner, 'request-payment', { proposalId: id, stage, message });
    await this.waitStage(id, stage, 'WAITING_FOR_APPROVAL');
  }

  async approve(id: string, stage: number) {
    await this.wallets.sign(
      this.secretary.wallet,
      'review-payment',
      { proposalId: id, stage, approve: true, opinion: '交付物已核实，同意付款。' },
      this.secretary.token,
    );
    await this.waitStage(id, stage, 'WAITING_FOR_WITHDRAWAL');
  }

  /** The owner withdraws what is approved (`stage`, the one waiting): the treasury pays the recipient. */
  async withdraw(owner: DemoPerson, id: string, stage: number) {
    await this.ownerSigns(owner, 'withdraw', { proposalId: id });
    await this.waitStage(id, stage, 'WITHDRAWN');
  }

  async tracking(owner: DemoPerson, id: string, kind: 'TRACKING' | 'SUMMARY', content: string) {
    const w = await this.api.call<{ entry: { _id: string } }>(`/proposals/${id}/tracking`, {
      method: 'POST',
      token: owner.token,
      body: { kind, content, submit: true },
    });
    await this.api.call(`/proposals/${id}/tracking/${w.entry._id}/review`, {
      method: 'POST',
      token: this.secretary.token,
      body: { decision: 'approve' },
    });
  }

  /**
   * ACTIVE with its advance withdrawn from the treasury and a tracking message; the next stage requested. The
   * withdrawal and the request concern different stages, so both go to the chain side by side.
   */
  async activeWork(owner: DemoPerson, id: string) {
    await this.waitStage(id, 0, 'WAITING_FOR_WITHDRAWAL');
    await this.tracking(
      owner,
      id,
      'TRACKING',
      '## Month 1\nThe design is done and reviewed; work on the beta started.',
    );
    await Promise.all([
      this.withdraw(owner, id, 0),
      this.request(owner, id, 1, 'The beta is published: see the tracking.'),
    ]);
  }

  /**
   * Every stage paid, the summary approved, owner and secretary general sign the conclusion: FINAL. A stage's
   * withdrawal and the next stage's request go side by side (different stages; the contract takes them in any
   * order).
   */
  async finalWork(owner: DemoPerson, id: string) {
    await this.waitStage(id, 0, 'WAITING_FOR_WITHDRAWAL');
    await this.tracking(
      owner,
      id,
      'TRACKING',
      '## Month 2\nThe beta is **online**: 1,200 visitors in its first month.',
    );
    await Promise.all([
      this.withdraw(owner, id, 0),
      this.request(owner, id, 1, 'Beta delivered: see the tracking.'),
    ]);
    await this.approve(id, 1);
    await this.tracking(
      owner,
      id,
      'SUMMARY',
      '## Summary\nEverything promised is delivered: the release is public and the final report is published.',
    );
    await Promise.all([
      this.withdraw(owner, id, 1),
      this.request(owner, id, 2, 'Released; the final report is attached to the summary.'),
    ]);
    await this.approve(id, 2);
    await this.withdraw(owner, id, 2);
    await this.ownerSigns(owner, 'conclude', { proposalId: id, outcome: 'FINAL' });
    await this.wallets.sign(
      this.secretary.wallet,
      'conclude',
      { proposalId: id, outcome: 'FINAL' },
      this.secretary.token,
    );
    await this.waitProposal(id, 'FINAL', (d) => d.status === 'FINAL');
  }

  async veto(p: ProposalDetail, k: number) {
    const holder = this.council[8 + (k % 4)]!;
    await this.wallets.sign(
      holder.wallet,
      'veto',
      { proposalId: p._id, amount: '150', from: holder.evmAddress },
      holder.token,
    );
    await this.waitProposal(p._id, 'veto stake locked', (d) => BigInt(d.veto.totalWei) > 0n);
  }
}

// ── the rest of the DAO: other suggestion types, ELIPs, releases, teams, tasks, a community, comments ─────────

type Choice = 'yes' | 'oppose' | 'abstain';
const PASS: Choice[] = ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'oppose'];
const OPEN_VOTE: Choice[] = ['yes', 'yes', 'yes', 'yes', 'oppose', 'abstain'];

/** Suggestions of every type besides the new motions the council votes on; some signed. */
async function otherSuggestions(d: Demo, u: number, targets: { active: number; final: number }) {
  const authors = d.authors.slice(u * 4, u * 4 + 4);
  const a = (i: number) => authors[i % authors.length]!;
  const t = d.tag(u);
  const base = (title: string, abstract: string, motivation: string) => ({
    title: `${title}${t}`,
    abstract,
    motivation,
  });
  const list: Array<[DemoPerson, SuggestionContentInput, boolean]> = [
    [
      a(3),
      {
        ...base(
          OTHER_SUGGESTIONS.against.title,
          OTHER_SUGGESTIONS.against.abstract,
          OTHER_SUGGESTIONS.against.motivation,
        ),
        type: '2',
      },
      false,
    ],
    [
      a(2),
      {
        ...base(
          OTHER_SUGGESTIONS.other.title,
          OTHER_SUGGESTIONS.other.abstract,
          OTHER_SUGGESTIONS.other.motivation,
        ),
        type: '3',
      },
      false,
    ],
    [
      a(1),
      { ...motion(MOTIONS[(u + 5) % MOTIONS.length]!, `${MOTIONS[(u + 5) % MOTIONS.length]!.title}${t}`) },
      true,
    ],
    [
      a(0),
      {
        ...motion(
          MOTIONS[(u + 1) % MOTIONS.length]!,
          `${MOTIONS[(u + 1) % MOTIONS.length]!.title} — 第二版${t}`,
        ),
      },
      false,
    ],
    [
      a(3),
      {
        ...base(
          'Hand the open data portal to a new maintainer',
          'The current owner moves on; a new maintainer takes over the project and its payments.',
          'The project needs an active owner for its last stages.',
        ),
        type: 'CHANGE_PROPOSAL',
        targetProposalNumber: targets.active,
        newOwnerDid: a(2).did,
      },
      false,
    ],
    [
      a(2),
      {
        ...base(
          '新任秘书长提名',
          '提名一位新的秘书长，负责付款审核与进度跟踪。',
          '现任秘书长任期将满，需要平稳交接。',
        ),
        type: 'CHANGE_SECRETARY',
        newSecretaryDid: a(1).did,
      },
      false,
    ],
    [
      a(1),
      {
        ...base(
          'Terminate a stalled proposal',
          'The team has not reported for three months; the remaining stages should be cancelled.',
          'Unreported work should not keep budget reserved.',
        ),
        type: 'TERMINATE_PROPOSAL',
        closeProposalNumber: targets.final,
      },
      false,
    ],
    [
      a(0),
      {
        ...base(
          'Reserve customized DIDs for ecosystem projects',
          'Reserve short DID names for the main ecosystem projects.',
          'Avoid squatting on the names members expect.',
        ),
        type: 'RESERVE_CUSTOMIZED_ID',
        didNameList: 'essentials feeds hive',
      },
      false,
    ],
    [
      a(3),
      {
        ...base(
          '接收已预留的自定义 DID',
          '将预留的自定义 DID 交给对应项目的 DID 持有人。',
          '项目方已经完成身份验证。',
        ),
        type: 'RECEIVE_CUSTOMIZED_ID',
        receivedCustomizedIdList: ['essentials'],
        customizedIdBindToDid: a(0).did,
      },
      false,
    ],
    [
      a(2),
      {
        ...base(
          'Lower the customized DID fee',
          'Lower the fee rate of customized DIDs so more members register one.',
          'The fee is high compared with other chains.',
        ),
        type: 'CHANGE_CUSTOMIZED_ID_FEE',
        customizedIdFee: '0.5',
        effectiveHeightOfEid: 1_800_000,
      },
      false,
    ],
    [
      a(1),
      {
        ...base(
          'Register a gaming side chain',
          'Register a new side chain for on-chain games, with its genesis and exchange rate.',
          'Games need cheap, fast transactions of their own.',
        ),
        type: 'REGISTER_SIDE_CHAIN',
        sideChainDetails: {
          name: 'PlayChain',
          resourcePath: 'https://example.org/playchain',
          magic: 2024061,
          genesisHash: `0x${randomBytes(32).toString('hex')}`,
          effectiveHeight: 1_900_000,
          exchangeRate: '1',
        },
      },
      false,
    ],
  ];
  const posted: Array<{ _id: string; number: number }> = [];
  for (const [author, content, sign] of list) {
    await d.part(`suggestion "${content.title}" (${content.type})`, async () => {
      const s = await d.postSuggestion(author, content);
      posted.push(s);
      if (sign) await d.signSuggestion(author, s._id);
    });
  }
  return posted;
}

/** Comments and likes on suggestions, by members and council members. */
async function social(d: Demo, u: number, suggestionIds: string[]) {
  const people = [...d.authors.slice(u * 4, u * 4 + 4), d.council[1]!, d.council[4]!];
  const comments = [
    'Looks solid. Could you publish the milestone dates in the tracking as well?',
    '支持！希望能看到更详细的预算说明。',
    'How will the results be measured after the last stage?',
    '这个方向很好，期待早日上线。',
  ];
  for (const [i, id] of suggestionIds.entries()) {
    await d.part('comments and likes', async () => {
      for (let k = 0; k < 2; k++) {
        const who = people[(i + k) % people.length]!;
        await d.api.call(`/suggestion/${id}/comments`, {
          method: 'POST',
          token: who.token,
          body: { body: comments[(i + k) % comments.length] },
        });
      }
      for (let k = 0; k < 3; k++) {
        const who = people[(i + k + 2) % people.length]!;
        await d.api.call(`/suggestion/${id}/like`, { method: 'POST', token: who.token });
      }
    });
  }
}

/** ELIPs in each status: personal draft, waiting for review, rejected, draft, cancelled, final review, proposal. */
async function elips(d: Demo, u: number) {
  const author = d.authors[u * 4 + 1]!;
  const sec = d.secretary.token;
  const t = d.tag(u);
  const create = async (i: number, suffix: string) =>
    d.api.call<{ _id: string }>('/elip', {
      method: 'POST',
      token: author.token,
      body: { ...ELIPS[i % ELIPS.length]!, title: `${ELIPS[i % ELIPS.length]!.title}${suffix}${t}` },
    });
  const move = (id: string, m: string) =>
    d.api.call(`/elip/${id}/status`, { method: 'POST', token: author.token, body: { move: m } });
  const review = (id: string, decision: 'APPROVED' | 'REJECTED', comment = '') =>
    d.api.call(`/elip/${id}/review`, { method: 'POST', token: sec, body: { decision, comment } });
  const toDraft = async (i: number, suffix: string) => {
    const e = await create(i, suffix);
    await move(e._id, 'submit');
    await review(e._id, 'APPROVED');
    return e;
  };
  const councilVote = async (id: string, k: number, value: 'YES' | 'OPPOSE' | 'ABSTAIN') => {
    const m = d.council[k]!;
    await d.wallets.sign(
      m.wallet,
      'vote-elip',
      { elipId: id, value, reason: value === 'YES' ? '规范清晰，支持。' : 'Needs a migration section.' },
      m.token,
    );
  };
  await d.part('ELIP personal draft', () => create(2, ' (notes)'));
  await d.part('ELIP waiting for review', async () => move((await create(1, ''))._id, 'submit'));
  await d.part('ELIP rejected', async () => {
    const e = await create(2, ' v0');
    await move(e._id, 'submit');
    await review(e._id, 'REJECTED', 'Please add a rationale section and examples.');
  });
  await d.part('ELIP draft', () => toDraft(1, ' — 草案'));
  await d.part('ELIP cancelled', async () => move((await toDraft(2, ' (withdrawn)'))._id, 'cancel'));
  await d.part('ELIP in final review', async () => {
    const e = await toDraft(0, '');
    await move(e._id, 'finalReview');
    await councilVote(e._id, 2, 'YES');
    await councilVote(e._id, 3, 'OPPOSE');
  });
  await d.part('ELIP submitted as a proposal', async () => {
    const e = await toDraft(0, ' v2');
    await move(e._id, 'finalReview');
    await councilVote(e._id, 4, 'YES');
    await councilVote(e._id, 5, 'YES');
    const m = d.council[4]!;
    await d.api.call(`/elip/${e._id}/proposal`, { method: 'POST', token: m.token });
  });
}

async function releases(d: Demo, u: number) {
  const notes = [
    {
      name: `v2.${u + 3}.0`,
      description:
        '**New**: ELIPs with council votes signed in the wallet.\n\n- 提案存档可离线校验\n- Faster lists',
      date: '2026-11-20',
    },
    {
      name: `v2.${u + 3}.1`,
      description: 'Fixes: the treasury page shows every withdrawal with its block.',
      date: '2026-11-28',
    },
  ];
  for (const note of notes)
    await d.part(`release note ${note.name}`, () =>
      d.api.call('/release', { method: 'POST', token: d.admin.token, body: note }),
    );
}

async function teams(d: Demo, u: number) {
  const authors = d.authors.slice(u * 4, u * 4 + 4);
  const t = d.tag(u);
  const made: string[] = [];
  const team = (token: string, body: Record<string, unknown>) =>
    d.api.call<{ _id: string }>('/team', { method: 'POST', token, body });
  await d.part('teams', async () => {
    made.push(
      (
        await team(authors[0]!.token, {
          name: `Elastos Data Lab${t}`,
          description:
            'We build open dashboards and data sets about the Elastos chains, for members and journalists.',
          tags: ['data', 'open-source'],
          recruiting: ['PYTHON', 'JAVASCRIPT'],
        })
      )._id,
    );
    made.push(
      (
        await team(authors[1]!.token, {
          name: `深圳开发者小组${t}`,
          description: '每月组织一次开发者聚会，分享 Elastos 智能合约与 DID 开发经验。',
          tags: ['meetup'],
          recruiting: ['SOCIAL_MEDIA_MARKETING', 'TRANSLATION'],
        })
      )._id,
    );
  });
  await d.part('CRcles', async () => {
    await team(d.admin.token, {
      type: 'CRCLE',
      subcategory: 'DEVELOPER',
      name: `Smart Chain Builders${t}`,
      description:
        'The CRcle of developers building on the Elastos Smart Chain: reviews, office hours, grants.',
      tags: ['esc'],
    });
    await team(d.admin.token, {
      type: 'CRCLE',
      subcategory: 'ESSENTIAL',
      name: `Community Translators${t}`,
      description:
        'Members who translate the site, the documentation and proposals between English and Chinese.',
      tags: ['i18n'],
    });
  });
  for (const [i, id] of made.entries())
    await d.part('team applications', () =>
      d.api.call(`/team/${id}/apply`, {
        method: 'POST',
        token: authors[(i + 2) % authors.length]!.token,
        body: { message: 'I would like to help with the front end.' },
      }),
    );
}

async function tasks(d: Demo, u: number) {
  const authors = d.authors.slice(u * 4, u * 4 + 4);
  const t = d.tag(u);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const items = [
    { who: 0, name: `Block explorer widget for the portal${t}`, type: 'TASK', category: 'DEVELOPER' },
    { who: 1, name: `翻译资助指南${t}`, type: 'TASK', category: 'SOCIAL' },
    { who: 2, name: `Elastos DID login kit${t}`, type: 'PROJECT', category: 'DEVELOPER' },
    { who: 3, name: `Community call: council Q&A${t}`, type: 'TASK', category: 'SOCIAL' },
  ];
  for (const it of items)
    await d.part(`task "${it.name}"`, () =>
      d.api.call('/task', {
        method: 'POST',
        token: authors[it.who]!.token,
        body: {
          name: it.name,
          category: it.category,
          type: it.type,
          description: 'Open to every member: see the link for details, deliverables and how to apply.',
          applicationDeadline: inDays(14),
          candidateLimit: 2,
          infoLink: 'https://example.org/cr-demo-task',
          location: 'Online',
          confirmRules: true,
        },
      }),
    );
}

async function community(d: Demo, u: number) {
  if (u > 0) return;
  await d.part('community', async () => {
    interface Community {
      _id: string;
      country?: string | null;
      name?: string;
    }
    let root: Community;
    try {
      root = await d.api.call<Community>('/community/country', {
        method: 'POST',
        token: d.admin.token,
        body: { country: 'SG' },
      });
    } catch (err) {
      if (!(err instanceof DemoHttpError) || err.type !== 'community.country_exists') throw err;
      return; // an earlier round made it
    }
    const city = await d.api.call<Community>('/community', {
      method: 'POST',
      token: d.admin.token,
      body: { parentId: root._id, type: 'CITY', name: 'Singapore' },
    });
    for (const a of d.authors.slice(0, 4))
      await d.api.call(`/community/${city._id}/join`, { method: 'POST', token: a.token });
  });
}

/** The round this stack is at: the demo wallets already made (demoN-…) tell earlier rounds. */
async function rounds(api: DemoClient): Promise<number[]> {
  const wallets = await api.call<Array<{ name: string }>>('/dev/wallets');
  return [
    ...new Set(
      wallets
        .map((w) => roundOf(w.name))
        .filter((r): r is string => !!r)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
}

/** Plays the demo DAO against the running stack at `opts.url`. */
export async function playDemo(opts: DemoOptions): Promise<DemoResult & { problems: string[] }> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const scale = Math.max(1, Math.floor(opts.scale ?? 1));
  const probe = new DemoClient({ baseUrl: opts.url, localAddress: opts.localAddress });
  const done = await rounds(probe);
  const round = (done.at(-1) ?? 0) + 1;
  if (done.length > 0 && !opts.more) {
    log(
      `demo: this stack already holds demo data (round${done.length > 1 ? 's' : ''} ${done.join(', ')}); nothing added (--more plays another round)`,
    );
    return { played: false, round: done.at(-1)!, proposals: [], suggestions: 0, seconds: 0, problems: [] };
  }
  const d = new Demo(opts, round);
  const units = Array.from({ length: scale }, (_, u) => u);
  const secs = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

  await d.people(scale);
  log(
    `demo: ${d.authors.length} new members signed up by DID, council and secretariat signed in (${secs()})`,
  );

  // The council's first proposals: registered, voted on chain; the home page fills as they are posted.
  const authorOf = (u: number, k: number) => d.authors[u * 4 + k]!;
  const title = (u: number, k: number) => `${MOTIONS[(u + k) % MOTIONS.length]!.title}${d.tag(u)}`;
  const contentWork = Promise.all(
    units.map(async (u) => {
      await releases(d, u);
      await teams(d, u);
      await tasks(d, u);
      await community(d, u);
      await elips(d, u);
    }),
  );
  const phaseA = await Promise.all(
    units.map(async (u) => {
      const [final, active, vetoed] = await Promise.all(
        [0, 1, 2].map((k) => d.registered(authorOf(u, k), u * 5 + k, title(u, k))),
      );
      await Promise.all([
        d.votes(final!.proposal, PASS, u * 3),
        d.votes(active!.proposal, PASS, u * 3 + 1),
        d.votes(vetoed!.proposal, PASS, u * 3 + 2),
      ]);
      return { u, final: final!, active: active!, vetoed: vetoed! };
    }),
  );
  log(`demo: ${phaseA.length * 3} proposals registered and voted on chain (${secs()})`);
  const all = phaseA.flatMap((x) => [x.final, x.active, x.vetoed]);
  await d.chain.mineTo(Math.max(...all.map((x) => x.proposal.window.votingEndHeight!)));
  await Promise.all(
    all.map((x) => d.waitProposal(x.proposal._id, 'NOTIFICATION', (p) => p.status === 'NOTIFICATION')),
  );
  await Promise.all(phaseA.map((x) => d.veto(x.vetoed.proposal, x.u)));
  await d.chain.mineTo(Math.max(...all.map((x) => x.proposal.window.vetoEndHeight!)));
  await Promise.all(
    phaseA.flatMap((x) => [
      d.waitProposal(x.final.proposal._id, 'ACTIVE', (p) => p.status === 'ACTIVE'),
      d.waitProposal(x.active.proposal._id, 'ACTIVE', (p) => p.status === 'ACTIVE'),
      d.waitProposal(x.vetoed.proposal._id, 'VETOED', (p) => p.status === 'VETOED'),
    ]),
  );
  log(`demo: windows mined through: ${phaseA.length * 2} ACTIVE, ${phaseA.length} VETOED (${secs()})`);

  // Payments and the conclusion, beside the proposals that stay in their windows.
  const paying = Promise.all(
    phaseA.flatMap((x) => [
      d.finalWork(authorOf(x.u, 0), x.final.proposal._id),
      d.activeWork(authorOf(x.u, 1), x.active.proposal._id),
    ]),
  );
  const others = Promise.all(
    phaseA.map(async (x) => {
      const posted = await otherSuggestions(d, x.u, {
        active: x.active.proposal.number!,
        final: x.final.proposal.number!,
      });
      await social(d, x.u, [
        x.final.suggestion._id,
        x.active.suggestion._id,
        ...posted.slice(0, 3).map((s) => s._id),
      ]);
      return posted.length;
    }),
  );
  const windows = (async () => {
    const vetoWindow = await Promise.all(
      units.map(async (u) => {
        const r = await d.registered(authorOf(u, 3), u * 5 + 3, title(u, 3));
        await d.votes(r.proposal, PASS, u * 3 + 5);
        return r;
      }),
    );
    await d.chain.mineTo(Math.max(...vetoWindow.map((x) => x.proposal.window.votingEndHeight!)));
    await Promise.all(
      vetoWindow.map((x) =>
        d.waitProposal(x.proposal._id, 'NOTIFICATION', (p) => p.status === 'NOTIFICATION'),
      ),
    );
    // Last, so it is still in its window when the demo ends: a proposal the council is voting on.
    const voting = await Promise.all(
      units.map(async (u) => {
        const r = await d.registered(authorOf(u, 2), u * 5 + 4, title(u, 4));
        await d.votes(r.proposal, OPEN_VOTE, u * 3 + 7);
        return r;
      }),
    );
    return { vetoWindow, voting };
  })();
  const [, otherCount, { vetoWindow, voting }] = await Promise.all([paying, others, windows]);
  await contentWork;
  log(`demo: payments, summary and conclusion signed and on chain (${secs()})`);

  const proposals: DemoResult['proposals'] = [];
  const add = async (role: DemoRole, id: string) => {
    const p = await d.detail(id);
    proposals.push({ role, id, number: p.number!, status: p.status });
  };
  for (const x of phaseA) {
    await add('final', x.final.proposal._id);
    await add('active', x.active.proposal._id);
    await add('vetoed', x.vetoed.proposal._id);
  }
  for (const x of vetoWindow) await add('veto-window', x.proposal._id);
  for (const x of voting) await add('voting', x.proposal._id);
  const suggestions = units.length * 5 + otherCount.reduce((a, b) => a + b, 0);
  const seconds = (Date.now() - started) / 1000;
  log(
    `demo: round ${round} played in ${seconds.toFixed(0)} s: ${proposals.map((p) => `#${p.number} ${p.status}`).join(', ')}` +
      (d.problems.length ? `; ${d.problems.length} side part(s) failed` : ''),
  );
  return { played: true, round, proposals, suggestions, seconds, problems: d.problems };
}
