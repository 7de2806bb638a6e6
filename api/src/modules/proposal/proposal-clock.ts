import { readChainClock, type ChainClock } from '../../chain/chain-clock';
import type { Db } from '@cr/core/db/db-client';
import type { GovernanceStateRow, CouncilMemberRow, CouncilTermRow } from '@cr/core/db/schema/council.schema';
import { getGovernanceState, latestTerm, membersOfTerm } from '../council';

const LIST_CONTEXT_TTL_MS = 1_000;
const listContexts = new WeakMap<Db, { at: number; value: Promise<ListContext> }>();

export interface ListContext {
  clock: ChainClock;
  gov: GovernanceStateRow | undefined;
  /** A DID's seat in the latest term (as `seatedNow` reads it), or null: seated members only. */
  seatOf: (did: string) => { term: CouncilTermRow; member: CouncilMemberRow } | null;
}

/** The latest term and its seated members by DID: at most 12 rows. */
async function latestSeats(db: Db): Promise<ListContext['seatOf']> {
  const term = await latestTerm(db);
  if (!term) return () => null;
  const byDid = new Map(
    (await membersOfTerm(db, term.term)).filter((m) => m.seated).map((m) => [m.did, m] as const),
  );
  return (did) => {
    const member = byDid.get(did);
    return member ? { term, member } : null;
  };
}

/**
 * The chain clock, governance parameters and the latest term's seats for list pages, shared by the requests of one
 * second in this process (a list's windows, ETAs and "unvoted by me" may be a second old; the detail page and
 * every signed action read them fresh). A signed-in list then costs no round trip for the caller's seat.
 */
export function listContext(db: Db, chainId: number | undefined): Promise<ListContext> {
  const hit = listContexts.get(db);
  if (hit && Date.now() - hit.at < LIST_CONTEXT_TTL_MS) return hit.value;
  const value = Promise.all([readChainClock(db, chainId), getGovernanceState(db), latestSeats(db)]).then(
    ([clock, gov, seatOf]) => ({ clock, gov, seatOf }),
  );
  value.catch(() => listContexts.delete(db));
  listContexts.set(db, { at: Date.now(), value });
  return value;
}
