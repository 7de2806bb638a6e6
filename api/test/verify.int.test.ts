import { eq } from 'drizzle-orm';
import { keccak256 } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { governanceArtifact, treasuryArtifact } from '@cr/contracts-abi/artifacts';
import type { VerifyInfo, VerifyProposals } from '@cr/contract/verify.contract';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { compareCode } from '../src/modules/verify/verify.service';
import {
  detail,
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitUntil,
  type ProposalEnv,
} from './proposal-harness';

/**
 * "Verify it yourself" against a real chain: the api publishes the chain and the contract addresses, says
 * whether the code at each address is the code compiled from this repository (and notices when it is not), hands
 * out the ABIs, and lists each registered proposal next to the contract's own record — a disagreement is shown
 * plainly, never hidden.
 */
let env: ProposalEnv;
beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: 60, blockTime: 0 });
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

describe('/api/verify', () => {
  it('publishes the chain and the contracts, whose deployed code is the compiled code', async () => {
    const res = await env.t.call<VerifyInfo>('GET', '/verify');
    expect(res.status).toBe(200);
    const info = res.body.data!;
    expect(info).toMatchObject({
      configured: true,
      chainId: Number((await env.provider.getNetwork()).chainId),
    });
    expect(info.compiler).toMatch(/^solc-js 0\.8\./);
    expect(info.contracts.map((c) => [c.name, c.code])).toEqual([
      ['Council', 'match'],
      ['Governance', 'match'],
      ['Treasury', 'match'],
    ]);
    const gov = info.contracts.find((c) => c.name === 'Governance')!;
    expect(gov.address).toBe(env.deployment.addresses.governance);
    expect(gov.codeHash).toBe(keccak256(await env.provider.getCode(gov.address)));
    expect(info.headBlock).toBeGreaterThan(0);
  });

  it('notices code that is not ours: one byte changed, or another contract at the address', async () => {
    const code = await env.provider.getCode(env.deployment.addresses.governance);
    expect(compareCode(code, governanceArtifact)).toBe('match');
    // A byte in the middle of the code (outside the immutables) flipped.
    const at = 2 + 2 * 200;
    const flipped = code.slice(0, at) + (code.slice(at, at + 2) === 'ff' ? '00' : 'ff') + code.slice(at + 2);
    expect(compareCode(flipped, governanceArtifact)).toBe('mismatch');
    expect(compareCode(code, treasuryArtifact)).toBe('mismatch');
    expect(compareCode('0x', governanceArtifact)).toBe('no_code');
  });

  it('hands out each ABI as compiled, and refuses an unknown contract', async () => {
    const abi = await env.t.call<unknown[]>('GET', '/verify/abi/Governance');
    expect(abi.status).toBe(200);
    expect(abi.body.data).toEqual(governanceArtifact.abi);
    expect((await env.t.call('GET', '/verify/abi/Bank')).status).toBe(400);
  });

  it('lists a registered proposal next to the contract’s record, and shows a disagreement plainly', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    const id = made.result!.proposalId;
    await waitUntil('registered', async () =>
      (await detail(env, id)).window.registeredHeight ? true : undefined,
    );
    await voteAndPost(env, env.council[1]!, id, 'yes');
    await waitUntil('vote indexed', async () =>
      (await detail(env, id)).outcome.tally.support === 1 ? true : undefined,
    );

    const row = await waitUntil('the proposal on /verify', async () => {
      const page = (await env.t.call<VerifyProposals>('GET', '/verify/proposals')).body.data!;
      const r = page.list.find((x) => x.number === made.result!.number);
      return r?.chain?.yes === 1 ? { page, r } : undefined;
    });
    expect(row.r).toMatchObject({
      site: { status: 'PROPOSED', yes: 1, oppose: 0, abstain: 0 },
      chain: { status: 'PROPOSED', yes: 1, oppose: 0, abstain: 0 },
      matches: true,
    });
    expect(row.r.registrationTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(row.page.block).toBeGreaterThan(0);

    // The site's record altered behind its back: the page says so.
    await env.t.deps.database.db.update(proposals).set({ yesCount: 7 }).where(eq(proposals.id, id));
    const after = (await env.t.call<VerifyProposals>('GET', '/verify/proposals')).body.data!;
    expect(after.list.find((x) => x.number === made.result!.number)).toMatchObject({
      site: { yes: 7 },
      chain: { yes: 1 },
      matches: false,
    });
    await env.t.deps.database.db.update(proposals).set({ yesCount: 1 }).where(eq(proposals.id, id));
  });
});
