import type { ChainActionView } from '@cr/contract/chain.contract';
import type { ChainActionRow } from '../db/schema/chain.schema';
import type { EventBus } from '../realtime/event-bus';
import { canRetry } from './chain-status';

/**
 * Live chain updates on the event bus (every api instance relays them to socket.io rooms):
 *
 * | room                         | event          | payload            | when                                   |
 * |------------------------------|----------------|--------------------|----------------------------------------|
 * | `chain`                      | `chain:height` | ChainHeightUpdate  | the watcher saw a new tip              |
 * | `chain-action:<actionId>`    | `chain:action` | ChainActionView    | any change of the action (status, hash, confirmations) |
 * | `<subjectType>:<subjectId>`  | `chain:action` | ChainActionView    | the same change, for the subject's page (e.g. `proposal:<id>`) |
 */
export const CHAIN_ROOM = 'chain';
export const CHAIN_HEIGHT_EVENT = 'chain:height';
export const CHAIN_ACTION_EVENT = 'chain:action';
export const chainActionRoom = (actionId: string) => `chain-action:${actionId}`;
export const subjectRoom = (subjectType: string, subjectId: string) => `${subjectType}:${subjectId}`;

/** What the page sees of a chain action (no raw tx, no relayer internals): one definition, in the contract. */
export type { ChainActionView };

export interface ChainHeightUpdate {
  chainId: number;
  height: number;
  hash: string;
  /** Observed average block interval in ms (for ETAs), null until two blocks were seen. */
  avgBlockMs: number | null;
  observedAt: string;
}

export function toChainActionView(row: ChainActionRow): ChainActionView {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    status: row.status,
    txHash: row.txHash,
    blockNumber: row.blockNumber,
    confirmations: row.confirmations,
    failureType: row.failureType,
    failureReason: row.failureReason,
    retryable: canRetry(row.status, row.mode, row.failureType),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Publishes an action's current state to its subject's room, then to its own room. In that order: publishing to
 * the subject's room renews the subject's cached answers (event-bus.ts), so a page that refetches on either event
 * gets the new state.
 */
export async function publishChainAction(events: EventBus, row: ChainActionRow): Promise<void> {
  const view = toChainActionView(row);
  await events.publish(subjectRoom(row.subjectType, row.subjectId), CHAIN_ACTION_EVENT, view);
  await events.publish(chainActionRoom(row.id), CHAIN_ACTION_EVENT, view);
}
