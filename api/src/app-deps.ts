import type { Redis } from 'ioredis';
import type { ApiConfig } from './config/api-config';
import type { DbHandle } from './db/db-client';
import type { Logger } from './http/logger';
import type { Mailer } from './mail/mailer';
import type { DidGateway } from './modules/wallet/did-gateway';
import type { ChainQueues } from './queues/chain-queues';
import type { FileStorage } from './modules/upload/file-storage';
import type { EventBus } from './realtime/event-bus';

/** What route handlers and services reach: built once at start-up, passed down, never global. */
export interface AppDeps {
  config: ApiConfig;
  database: DbHandle;
  redis: Redis;
  logger: Logger;
  storage: FileStorage;
  events: EventBus;
  mailer: Mailer;
  /** DID requests and reply verification; null when no EID resolver is configured. */
  did: DidGateway | null;
  /** The BullMQ queues chain actions are put on after their outbox row is committed. */
  chainQueues: ChainQueues;
  /** Closes what createAppDeps opened (mail, database, Redis). */
  close(): Promise<void>;
}
