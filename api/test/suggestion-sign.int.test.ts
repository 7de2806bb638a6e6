import { p256KeyFromBase58, verifyP256Sha256 } from '@cr/did/p256-key';
import { eq } from 'drizzle-orm';
import { parseEther } from 'ethers';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTerms, ownerStatement } from '@cr/contracts-abi/statements';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import { suggestionRoom, type SuggestionDetail } from '@cr/contract/suggestion.contract';
import { suggestions } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { elaAddress, newMotion } from '@cr/contract/test/suggestion-fixtures';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletState, walletsFor } from './wallet-harness';

let t: TestApi;
let w: ReturnType<typeof walletsFor>;
let author: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApi({ CHAIN_ID: '31337' }, { did: true });
  w = walletsFor(t);
  const alice = await w.create('alice');
  await w.create('mallory');
  author = await makeUser(t.deps.database.db, { did: alice.did });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

const detail = async (id: string, token?: string) =>
  (await t.call<SuggestionDetail>('GET', `/suggestion/${id}`, { token })).body.data!;

describe('signing a suggestion with the author’s DID wallet', () => {
  it('signs the draft hash through the QR; the suggestion is then final', async () => {
    const s = await postSuggestion(t, author.token);
    expect(s.canSign).toBe(true);
    const req = (await requestWallet(t, 'sign-suggestion', author.token, String(s.number))).body.data!;
    expect(req.intent).toBe('didsign');
    // Exactly the owner statement Governance.register checks: DID, draft hash, terms in words and hash, chain.
    const recipient = (s.content.budget as { elaAddress: string }).elaAddress;
    const terms = {
      ...emptyTerms('NORMAL'),
      recipient,
      stages: [
        { kind: 'ADVANCE' as const, amount: parseEther('300') },
        { kind: 'CONDITIONED' as const, amount: parseEther('300') },
        { kind: 'COMPLETION' as const, amount: parseEther('400') },
      ],
    };
    expect(req.statement).toBe(
      ownerStatement({ draftHash: `0x${s.draftHash}`, ownerDid: author.user.did!, terms, chainId: 31337 }),
    );
    expect(req.statement).toContain(`NORMAL budget 1000 ELA in 3 stages to ${recipient.toLowerCase()}`);
    // A visitor on the detail page hears the signature (room suggestion:<id>).
    const socket = connect(t.url, { transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await socket.emitWithAck('subscribe', suggestionRoom(s._id), null)).toEqual({ ok: true });
    // The event is announced after commit: read the moment it arrives, the suggestion is already signed.
    const heard = new Promise<{ event: unknown; signedWhenHeard: boolean }>((resolve) =>
      socket.once('suggestion-signed', (event: unknown) => {
        void detail(s._id).then((d) => resolve({ event, signedWhenHeard: d.signed }));
      }),
    );
    const res = await w.approve(req.url, 'alice');
    expect(res.status).toBe(200);
    const { event, signedWhenHeard } = await heard;
    expect(event).toMatchObject({ draftHash: s.draftHash, suggestionId: s._id });
    expect(signedWhenHeard).toBe(true);
    socket.disconnect();
    const state = (await walletState(t, req.id, req.secret)).body.data!;
    expect(state.status).toBe('signed');
    expect(state.result).toMatchObject({ suggestionId: s._id, draftHash: s.draftHash });

    const signed = await detail(s._id);
    expect(signed.signed).toBe(true);
    expect(signed.signature).toMatchObject({ did: author.user.did, statement: req.statement });
    expect(signed.signature!.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(signed.signature!.statement).toContain(`signs draft 0x${signed.draftHash},`);
    // Anyone can check the stored signature: P-256 over SHA-256 of the statement, with the stored key.
    const { statement, publicKey, signature } = signed.signature!;
    const key = p256KeyFromBase58(publicKey!);
    expect(verifyP256Sha256(key, Buffer.from(statement, 'utf8'), Buffer.from(signature, 'hex'))).toBe(true);
    expect(verifyP256Sha256(key, Buffer.from(statement + '.', 'utf8'), Buffer.from(signature, 'hex'))).toBe(
      false,
    );

    const edit = await t.call('PUT', `/suggestion/${s._id}`, { token: author.token, body: newMotion() });
    expect(edit.status).toBe(409);
    expect(edit.body.error?.type).toBe('suggestion.signed');
    const revert = await t.call('POST', `/suggestion/${s._id}/revert`, {
      token: author.token,
      body: { version: 1 },
    });
    expect(revert.body.error?.type).toBe('suggestion.signed');
    const draft = await t.call('PUT', `/suggestion/${s._id}/draft`, {
      token: author.token,
      body: { title: 'x' },
    });
    expect(draft.body.error?.type).toBe('suggestion.signed');
    const again = await requestWallet(t, 'sign-suggestion', author.token, s._id);
    expect(again.status).toBe(409);
    expect((await detail(s._id, author.token)).canEdit).toBe(false);
  });

  it('refuses a reply signed by another DID and leaves the suggestion unsigned', async () => {
    const s = await postSuggestion(t, author.token);
    const req = (await requestWallet(t, 'sign-suggestion', author.token, s._id)).body.data!;
    const res = await w.approve(req.url, 'mallory');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { type: 'did.signer_mismatch' } });
    expect((await detail(s._id)).signed).toBe(false);
    expect((await walletState(t, req.id, req.secret)).body.data!.status).toBe('pending');
  });

  it('refuses a signature over content that changed after the QR was made', async () => {
    const s = await postSuggestion(t, author.token);
    const req = (await requestWallet(t, 'sign-suggestion', author.token, s._id)).body.data!;
    await t.call('PUT', `/suggestion/${s._id}`, {
      token: author.token,
      body: { ...newMotion(), title: 'Changed' },
    });
    const res = await w.approve(req.url, 'alice');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { type: 'suggestion.sign_stale' } });
    expect((await detail(s._id)).signed).toBe(false);
  });

  it('refuses to sign a budget stored with a main-chain ELA address: the treasury pays on the smart chain', async () => {
    // Posting one is refused up front (suggestion.int.test.ts); one stored before that rule is refused here.
    const s = await postSuggestion(t, author.token);
    const [row] = await t.deps.database.db
      .select({ content: suggestions.content })
      .from(suggestions)
      .where(eq(suggestions.id, s._id));
    const content = row!.content;
    await t.deps.database.db
      .update(suggestions)
      .set({ content: { ...content, budget: { ...content.budget!, elaAddress: elaAddress() } } })
      .where(eq(suggestions.id, s._id));
    const res = await requestWallet(t, 'sign-suggestion', author.token, s._id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      type: 'proposal.esc_address_required',
      message: M.escAddressRequired,
    });
    expect((await detail(s._id)).signed).toBe(false);
  });

  it('asks an author without a DID to associate one first, and lets nobody else sign', async () => {
    const noDid = await makeUser(t.deps.database.db);
    const mine = await postSuggestion(t, noDid.token);
    const res = await requestWallet(t, 'sign-suggestion', noDid.token, mine._id);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'user.did_required', message: M.didRequired });
    const s = await postSuggestion(t, author.token);
    const other = await requestWallet(t, 'sign-suggestion', noDid.token, s._id);
    expect(other.status).toBe(403);
    expect(other.body.error?.type).toBe('suggestion.not_author');
    expect((await requestWallet(t, 'sign-suggestion', undefined, s._id)).status).toBe(401);
  });

  it('answers 404, not a server error, for a subject that names no suggestion', async () => {
    for (const subject of [
      'x',
      '0',
      '12345678901234567890',
      'not-a-uuid-at-all',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await requestWallet(t, 'sign-suggestion', author.token, subject);
      expect(res.status, subject).toBe(404);
    }
  });
});

describe('council consideration needs the author’s signature', () => {
  it('refuses an unsigned suggestion, accepts a signed one and e-mails each secretary separately', async () => {
    const council = await makeUser(t.deps.database.db, { role: 'COUNCIL' });
    const sec1 = await makeUser(t.deps.database.db, { role: 'SECRETARY' });
    const sec2 = await makeUser(t.deps.database.db, { role: 'SECRETARY' });
    const s = await postSuggestion(t, author.token);
    const early = await t.call('POST', `/suggestion/${s._id}/under-consideration`, { token: council.token });
    expect(early.status).toBe(409);
    expect(early.body.error?.type).toBe('suggestion.not_signed');
    const req = (await requestWallet(t, 'sign-suggestion', author.token, s._id)).body.data!;
    await w.approve(req.url, 'alice');
    const res = await t.call<{ suggestion: SuggestionDetail; mailed: number }>(
      'POST',
      `/suggestion/${s._id}/under-consideration`,
      { token: council.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data!.suggestion.displayStatus).toBe('underConsideration');
    expect(res.body.data!.suggestion.tags.map((x) => x.type)).toEqual(['UNDER_CONSIDERATION']);
    for (const sec of [sec1, sec2]) {
      const mail = await t.mailbox.waitFor(
        (m) => m.to.includes(sec.user.email!) && m.subject.includes(`#${s.number}`),
      );
      expect(mail.to).toEqual([sec.user.email]);
      expect(mail.subject).toBe(`Suggestion #${s.number}: marked as under council consideration`);
    }
  });
});
