// Production entry point of the api: `npm run start:api`. Reads DATABASE_URL, REDIS_URL, chain and DID settings.
import { createAppDeps, startApiServer } from './api-server';
import { ConfigError } from './config/env-parse';
import { describeConfig, loadApiConfig } from './config/api-config';
import { createLogger } from './http/logger';
import { startHousekeeping } from './housekeeping';
import { startProposalMailer } from './modules/proposal/proposal-mail';

async function main() {
  const config = loadApiConfig();
  const logger = createLogger(config.LOG_LEVEL);
  logger.info({ config: describeConfig(config) }, 'starting api');
  const deps = await createAppDeps(config, logger);
  const api = await startApiServer(deps);
  logger.info({ url: api.url }, 'api listening');
  // Proposal e-mails the worker schedules (reminders, status changes); rows are claimed with SKIP LOCKED, so any
  // number of api instances share the delivery without sending a message twice.
  const proposalMail = startProposalMailer({
    db: deps.database.db,
    mailer: deps.mailer,
    publicUrl: config.PUBLIC_URL,
    chainId: config.CHAIN_ID,
    onError: (err) => logger.warn({ err }, 'proposal e-mail delivery failed'),
  });
  const housekeeping = startHousekeeping({ db: deps.database.db, logger });
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'stopping api');
    await housekeeping.stop();
    await proposalMail.stop();
    await api.stop();
    await deps.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // One clear line; the stack only for unexpected failures.
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof Error && /Unavailable/.test(err.name)) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
