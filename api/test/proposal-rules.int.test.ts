import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROPOSAL_MESSAGES as PM,
  type ProposalDetail,
  type ProposalList,
} from '@cr/contract/proposal.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import {
  detail,
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';
import { postSuggestion } from './suggestion-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * Every refusal of the proposal flow, drafts, replacing a vote, and the list (real chain with long windows; the
 * chain is moved past a window with anvil_mine where a test needs it).
 */
let env: ProposalEnv;
let outsider: Person; // role COUNCIL on the site, but no seat on chain
let member: Person; // a plain member
let proposalId: string;
let proposalNumber: number;
let suggestion: SuggestionDetail;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: 400 });
  outsider = await env.person('outsider', 'COUNCIL');
  member = await env.person('member');
  suggestion = await signedSuggestion(env, env.owner, { title: 'Hardware wallet support for Essentials' });
  const made = await makeProposal(env, env.council[0]!, suggestion._id);
  proposalId = made.result!.proposalId;
  proposalNumber = made.result!.number;
  await waitForProposal(env, proposalId, 'registration', (d) => d.window.votingEndHeight !== null);
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

const vote = (p: Person, body: unknown, id = proposalId) =>
  env.t.call<{ message: string; vote: ProposalDetail['votes'][number] }>('PUT', `/proposals/${id}/vote`, {
    token: p.token,
    body,
  });

describe('making a proposal', () => {
  it('refuses a second proposal from the same suggestion with the original message', async () => {
    const again = await requestWallet(env.t, 'make-proposal', env.council[1]!.token, suggestion._id);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ type: 'proposal.already_proposed', message: PM.alreadyProposed });
  });

  it('refuses the second of two members who opened the QR at the same time', async () => {
    const s = await signedSuggestion(env, env.owner);
    const [a, b] = [env.council[2]!, env.council[3]!];
    const reqA = (await requestWallet(env.t, 'make-proposal', a.token, s._id)).body.data!;
    const reqB = (await requestWallet(env.t, 'make-proposal', b.token, s._id)).body.data!;
    expect((await env.approve(reqA.url, a.name)).status).toBe(200);
    const second = await env.approve(reqB.url, b.name);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: { type: 'proposal.already_proposed', message: PM.alreadyProposed },
    });
    expect((await walletState(env.t, reqB.id, reqB.secret)).body.data!.status).toBe('pending');
  });

  it('is only for council members seated on chain (the site role alone is not enough), with a signed suggestion', async () => {
    const s = await signedSuggestion(env, env.owner);
    for (const who of [outsider, member]) {
      const res = await requestWallet(env.t, 'make-proposal', who.token, s._id);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ type: 'proposal.not_council', message: PM.notCouncil });
    }
    const unsigned = await postSuggestion(env.t, env.owner.token);
    const res = await requestWallet(env.t, 'make-proposal', env.council[1]!.token, unsigned._id);
    expect(res.status).toBe(409);
    expect(res.body.error?.type).toBe('suggestion.not_signed');
  });

  it('refuses a registration signed by another member’s DID', async () => {
    const s = await signedSuggestion(env, env.owner);
    const req = (await requestWallet(env.t, 'make-proposal', env.council[4]!.token, s._id)).body.data!;
    const res = await env.approve(req.url, env.council[5]!.name);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { type: 'did.signer_mismatch' } });
  });
});

describe('council votes', () => {
  it('refuses a vote from anyone without a seat on chain', async () => {
    for (const who of [outsider, member, env.owner]) {
      const res = await vote(who, { choice: 'yes', reason: 'I support it' });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ type: 'proposal.not_council', message: PM.notCouncil });
    }
    const anonymous = await env.t.call('PUT', `/proposals/${proposalId}/vote`, {
      body: { choice: 'yes', reason: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('needs a reason for every choice', async () => {
    for (const choice of ['yes', 'oppose', 'abstain']) {
      const res = await vote(env.council[1]!, { choice, reason: '   ' });
      expect(res.status).toBe(400);
      expect(res.body.error?.type).toBe('validation.failed');
      expect(res.body.error?.fields).toEqual([{ path: 'reason', message: PM.reasonRequired }]);
    }
    expect((await vote(env.council[1]!, { choice: 'maybe', reason: 'x' })).status).toBe(400);
  });

  it('replaces an earlier vote and asks to post it; the chain keeps only the newest', async () => {
    const m = env.council[1]!;
    const first = await vote(m, { choice: 'oppose', reason: 'Budget too high' });
    expect(first.status).toBe(200);
    expect(first.body.data!.message).toBe(PM.voteRecorded);
    expect(first.body.data!.vote).toMatchObject({
      choice: 'oppose',
      chainStatus: 'unchain',
      result: 'undecided',
    });
    await voteAndPost(env, m, proposalId, 'yes', 'Budget revised, now fine');
    const d = await waitForProposal(env, proposalId, 'vote chained', (x) =>
      x.votes.some(
        (v) => v.member.did === m.wallet.did && v.chainedChoice === 'yes' && v.chainStatus === 'chained',
      ),
    );
    const row = d.votes.find((v) => v.member.did === m.wallet.did)!;
    expect(row).toMatchObject({ choice: 'yes', reason: 'Budget revised, now fine', chainStatus: 'chained' });
    expect(d.outcome.tally.support).toBe(1);
    // Change again after it was chained: the row goes back to unchain until posted; the tally keeps the chain's.
    await vote(m, { choice: 'abstain', reason: 'Conflict of interest discovered' });
    const after = await detail(env, proposalId, m.token);
    expect(after.my.vote).toMatchObject({ choice: 'abstain', chainStatus: 'unchain', chainedChoice: 'yes' });
    expect(after.outcome.tally.support).toBe(1);
  });

  it('refuses a vote posted with another member’s DID and records nothing', async () => {
    const m = env.council[2]!;
    await vote(m, { choice: 'yes', reason: 'Good plan' });
    const req = (await requestWallet(env.t, 'vote', m.token, proposalId)).body.data!;
    expect(req.statement).toMatch(/^Cyber Republic council vote: YES on proposal 0x[0-9a-f]{64}, opinion 0x/);
    const res = await env.approve(req.url, env.council[3]!.name);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { type: 'did.signer_mismatch' } });
    const d = await detail(env, proposalId);
    expect(d.votes.find((v) => v.member.did === m.wallet.did)).toMatchObject({
      chainStatus: 'unchain',
      chainActionId: null,
    });
    // The member's own wallet posts it.
    expect((await env.approve(req.url, m.name)).status).toBe(200);
    const posted = await requestWallet(env.t, 'vote', m.token, proposalId);
    expect(posted.status).toBe(409);
    expect(posted.body.error?.type).toBe('proposal.vote_posted');
  });
});

describe('drafts', () => {
  it('are created, edited, published and deleted by council members only', async () => {
    const m = env.council[8]!;
    const input = {
      title: 'Draft: community hackathon',
      abstract: 'A hackathon',
      content: '# Plan\n\nDetails',
    };
    expect((await env.t.call('POST', '/proposals', { token: outsider.token, body: input })).status).toBe(403);
    const created = await env.t.call<ProposalDetail>('POST', '/proposals', { token: m.token, body: input });
    expect(created.status).toBe(200);
    const draft = created.body.data!;
    expect(draft).toMatchObject({
      status: 'DRAFT',
      number: null,
      contentFormat: 'MARKDOWN',
      title: input.title,
    });
    expect((await env.t.call('GET', `/proposals/${draft._id}`)).status).toBe(404);
    expect(
      (await env.t.call('GET', `/proposals/${draft._id}`, { token: env.council[9]!.token })).status,
    ).toBe(404);
    const edit = await env.t.call('PUT', `/proposals/${draft._id}`, {
      token: env.council[9]!.token,
      body: { ...input, title: 'hijack' },
    });
    expect(edit.status).toBe(404);
    // Publishing needs the signed suggestion it presents.
    const noSuggestion = await requestWallet(env.t, 'make-proposal', m.token, draft._id);
    expect(noSuggestion.body.error?.type).toBe('proposal.suggestion_required');
    const s = await signedSuggestion(env, env.owner);
    const edited = await env.t.call<ProposalDetail>('PUT', `/proposals/${draft._id}`, {
      token: m.token,
      body: { ...input, title: 'Hackathon 2030', suggestionId: s._id, conflict: true, motionReference: 1 },
    });
    expect(edited.body.data).toMatchObject({ title: 'Hackathon 2030', conflict: true, motionReference: 1 });
    const mine = await env.t.call<ProposalList>('GET', '/proposals?status=DRAFT', { token: m.token });
    expect(mine.body.data!.list.map((p) => p._id)).toEqual([draft._id]);
    const published = await makeProposal(env, m, draft._id);
    expect(published.approval?.status).toBe(200);
    expect(published.result!.proposalId).toBe(draft._id);
    const d = await detail(env, draft._id);
    expect(d).toMatchObject({ status: 'PROPOSED', title: 'Hackathon 2030' });
    expect(d.number).toBeGreaterThan(0);
    expect((await env.t.call('DELETE', `/proposals/${draft._id}`, { token: m.token })).status).toBe(409);

    const other = (await env.t.call<ProposalDetail>('POST', '/proposals', { token: m.token, body: input }))
      .body.data!;
    expect((await env.t.call('DELETE', `/proposals/${other._id}`, { token: m.token })).status).toBe(200);
    expect((await env.t.call('GET', `/proposals/${other._id}`, { token: m.token })).status).toBe(404);
  });

  it('made from a suggestion start with its words, and asking twice opens the same draft', async () => {
    const m = env.council[8]!;
    const s = await signedSuggestion(env, env.owner);
    const body = { suggestionId: String(s.number), title: s.title };
    const first = (await env.t.call<ProposalDetail>('POST', '/proposals', { token: m.token, body })).body
      .data!;
    expect(first).toMatchObject({ status: 'DRAFT', kind: 'NORMAL', suggestion: { _id: s._id } });
    expect(first.abstract).toBe(s.content.abstract);
    const again = await env.t.call<ProposalDetail>('POST', '/proposals', { token: m.token, body });
    expect(again.body.data!._id).toBe(first._id);
    // Another member's draft of the same suggestion is their own.
    const theirs = await env.t.call<ProposalDetail>('POST', '/proposals', {
      token: env.council[9]!.token,
      body,
    });
    expect(theirs.body.data!._id).not.toBe(first._id);
    for (const [d, who] of [
      [first, m],
      [theirs.body.data!, env.council[9]!],
    ] as const)
      expect((await env.t.call('DELETE', `/proposals/${d._id}`, { token: who.token })).status).toBe(200);
  });
});

describe('the proposal list', () => {
  it('filters by status, searches by number, title and proposer, and finds what I have not voted on', async () => {
    const all = (await env.t.call<ProposalList>('GET', '/proposals?results=50')).body.data!;
    expect(all.total).toBe(3); // the first, the race winner, the published draft
    expect(all.list.every((p) => p.status !== 'DRAFT')).toBe(true);
    expect(all.height).toBeGreaterThan(0);
    const row = all.list.find((p) => p._id === proposalId)!;
    expect(row.window).toMatchObject({ votingOpen: true });
    expect(row.window.endsAt).not.toBeNull();
    const byNumber = (await env.t.call<ProposalList>('GET', `/proposals?search=%23${proposalNumber}`)).body
      .data!;
    expect(byNumber.list.map((p) => p._id)).toEqual([proposalId]);
    const byTitle = (await env.t.call<ProposalList>('GET', '/proposals?search=hardware&searchBy=title')).body
      .data!;
    expect(byTitle.list.map((p) => p._id)).toContain(proposalId);
    const byProposer = (
      await env.t.call<ProposalList>(
        'GET',
        `/proposals?search=${env.council[0]!.user.username}&searchBy=proposer`,
      )
    ).body.data!;
    expect(byProposer.list.map((p) => p._id)).toEqual([proposalId]);
    // The proposer's public card comes with the row (joined for the page's rows only), never the e-mail.
    expect(byProposer.list[0]!.proposer).toMatchObject({ username: env.council[0]!.user.username });
    expect(JSON.stringify(byProposer.list[0])).not.toContain('@');
    // Each search shape is one prepared statement: run again with other words, it answers for those words.
    const search = async (q: string, by = 'any') =>
      (await env.t.call<ProposalList>('GET', `/proposals?search=${encodeURIComponent(q)}&searchBy=${by}`))
        .body.data!;
    expect((await search('no-such-title-word', 'title')).total).toBe(0);
    expect((await search('hardware', 'title')).list.map((p) => p._id)).toContain(proposalId);
    expect((await search(env.council[0]!.user.username)).list.map((p) => p._id)).toEqual([proposalId]);
    expect((await search('nobody-by-this-name')).total).toBe(0);
    expect((await search(`#${proposalNumber}`)).list.map((p) => p._id)).toEqual([proposalId]);
    expect((await search(`#${proposalNumber + 1000}`)).total).toBe(0);
    // A number past the column's range is a number nobody has, not an error; nothing searchable finds nothing.
    for (const q of ['#99999999999', '9999999999999999'])
      for (const by of ['any', 'number']) expect((await search(q, by)).total).toBe(0);
    expect((await search('!!', 'title')).total).toBe(0);
    // The same rows in the same order at another page size; a page past the end still says how many there are.
    const p1 = (await env.t.call<ProposalList>('GET', '/proposals?results=10&page=1')).body.data!;
    const p9 = (await env.t.call<ProposalList>('GET', '/proposals?results=10&page=9')).body.data!;
    expect(p1.list.map((p) => p._id)).toEqual(all.list.map((p) => p._id));
    expect([p1.total, p9.total, p9.list.length]).toEqual([3, 3, 0]);
    const proposed = (await env.t.call<ProposalList>('GET', '/proposals?status=PROPOSED&results=50')).body
      .data!;
    expect(proposed.list.every((p) => p.status === 'PROPOSED')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await env.t.call<ProposalList>('GET', `/proposals?createdFrom=${today}&createdTo=${today}`);
    expect(dated.body.data!.total).toBe(all.total);
    const past = await env.t.call<ProposalList>('GET', '/proposals?createdTo=2020-01-01');
    expect(past.body.data!.total).toBe(0);

    // council-02 has a chained vote on the main proposal; council-11 has not voted anywhere.
    const votedList = (
      await env.t.call<ProposalList>('GET', '/proposals?unvotedByMe=true&results=50', {
        token: env.council[1]!.token,
      })
    ).body.data!;
    expect(votedList.list.map((p) => p._id)).not.toContain(proposalId);
    const fresh = (
      await env.t.call<ProposalList>('GET', '/proposals?unvotedByMe=true&results=50', {
        token: env.council[10]!.token,
      })
    ).body.data!;
    expect(fresh.list.map((p) => p._id)).toContain(proposalId);
    expect(fresh.list.every((p) => p.unvotedByMe === true)).toBe(true);
    const anon = (await env.t.call<ProposalList>('GET', '/proposals?unvotedByMe=true')).body.data!;
    expect(anon.total).toBe(0);
  });

  it('answers a plain list (prepared per shape) as the same list planned per call', async () => {
    const ids = async (query: string) => {
      const res = await env.t.call<ProposalList>('GET', `/proposals?${query}`);
      expect(res.status, query).toBe(200);
      return { total: res.body.data!.total, ids: res.body.data!.list.map((p) => p._id) };
    };
    for (const status of ['', 'PROPOSED', 'NOTIFICATION,PROPOSED', 'ACTIVE'])
      for (const sortBy of ['newest', 'oldest', 'number', 'endingSoon'])
        for (const type of ['', '1'])
          for (const page of [1, 2]) {
            const query = `status=${status}&sortBy=${sortBy}&type=${type}&results=10&page=${page}`.replace(
              /&?\w+=(?=&|$)/g,
              '',
            );
            // A date range from long ago matches every proposal and makes the list one planned per call.
            expect(await ids(query), query).toEqual(await ids(`${query}&createdFrom=2000-01-01`));
          }
    expect((await ids('sortBy=number')).total).toBe(3);
    // A search sorts its matches itself (read once, then counted and sorted; a proposer's name of three or more
    // characters member by member): the same rows as the search planned per call.
    const proposers = env.council.slice(0, 3).map((m) => m.user.username);
    for (const [searchBy, search] of [
      ...proposers.map((name) => ['proposer', name] as const),
      // Every proposer's username starts so: all three proposals, member by member and (two letters) not.
      ['proposer', 'member_'],
      ['proposer', 'me'],
      ['proposer', 'nobody-by-this-name'],
      ['title', 'hardware'],
      ['any', proposers[0]!],
    ] as const)
      for (const sortBy of ['newest', 'oldest', 'number', 'endingSoon'])
        for (const type of ['', '1'])
          for (const page of [1, 2]) {
            const query = `search=${encodeURIComponent(search)}&searchBy=${searchBy}&sortBy=${sortBy}&results=10&page=${page}${
              type ? `&type=${type}` : ''
            }`;
            expect(await ids(query), query).toEqual(await ids(`${query}&createdFrom=2000-01-01`));
          }
    expect((await ids('search=member_&searchBy=proposer')).total).toBe(3);
  });

  it('exports the filtered list as CSV without e-mails', async () => {
    const res = await fetch(`${env.t.url}/api/proposals/export.csv?status=PROPOSED`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toContain('"Number","Title","Type","Status","Proposer"');
    expect(text).toContain(`"${proposalNumber}"`);
    for (const m of env.council) expect(text).not.toContain(m.user.email!);
  });
});

describe('the voting window', () => {
  // Last: it moves the chain past every window of this file.
  it('refuses a vote before the proposal is on chain and after its window closed', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[6]!, s._id);
    // Right after signing, the registration is still on its way to the chain.
    const early = await vote(env.council[6]!, { choice: 'yes', reason: 'Early' }, made.result!.proposalId);
    if (early.status !== 200) expect(early.body.error?.type).toBe('proposal.not_registered');
    const d = await waitForProposal(
      env,
      made.result!.proposalId,
      'registration',
      (x) => x.window.votingEndHeight !== null,
    );
    const height = await env.provider.getBlockNumber();
    await env.provider.send('anvil_mine', [`0x${(d.window.votingEndHeight! - height + 1).toString(16)}`]);
    await waitUntil('the watcher sees the new height', async () =>
      (await detail(env, made.result!.proposalId)).currentHeight! >= d.window.votingEndHeight!
        ? true
        : undefined,
    );
    const late = await vote(env.council[7]!, { choice: 'yes', reason: 'Late' }, made.result!.proposalId);
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ type: 'proposal.voting_closed', message: PM.votingClosed });
  });
});
