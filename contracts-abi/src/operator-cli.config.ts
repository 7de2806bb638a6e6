import { parseArgs } from 'node:util';
import { isAddress, parseEther } from 'ethers';
import { z } from 'zod';
import { ANVIL_DEFAULT_KEYS } from './anvil';

/**
 * Configuration of the operator CLI: environment (zod-parsed, the only place it is read) plus the command line.
 *
 * Env: CHAIN_RPC_URL (default http://127.0.0.1:8545), OPERATOR_PRIVATE_KEY (0x + 64 hex; with `--dev` it
 * defaults to anvil's first key), COUNCIL_ADDRESS / GOVERNANCE_ADDRESS / TREASURY_ADDRESS (default: the
 * addresses the operator's nonces 0-2 create, i.e. the fixed dev addresses).
 */

const address = z.string().refine((value) => isAddress(value), 'not an EVM address');
const ela = z
  .string()
  .regex(/^\d+(\.\d{1,18})?$/, 'an ELA amount like 12.5')
  .transform((value) => parseEther(value));
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  CHAIN_RPC_URL: z.url().default('http://127.0.0.1:8545'),
  OPERATOR_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional(),
  COUNCIL_ADDRESS: address.optional(),
  GOVERNANCE_ADDRESS: address.optional(),
  TREASURY_ADDRESS: address.optional(),
});

const commandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('status') }),
  /** Deploys the relayer's batch forwarder; its address goes in the worker's RELAY_BATCH_ADDRESS. */
  z.object({ command: z.literal('deploy-relay-batch') }),
  z.object({
    command: z.literal('deploy'),
    production: z.boolean().default(false),
    votingPeriod: positiveInt.optional(),
    termLength: positiveInt.optional(),
    electionPeriod: positiveInt.optional(),
    vetoBps: positiveInt.max(10_000).optional(),
  }),
  z.object({
    command: z.literal('set-council'),
    term: positiveInt.optional(),
    seats: positiveInt.max(32),
    /** JSON file: [{ "did": "did:elastos:…", "publicKey": "<compressed hex | base58 | PEM>" }, …] */
    members: z.string().min(1),
  }),
  z.object({ command: z.literal('set-secretary'), did: z.string().min(1), key: z.string().min(1) }),
  z.object({ command: z.literal('fund-treasury'), ela }),
  z.object({ command: z.literal('set-circulating-supply'), ela }),
]);

export type OperatorCommand = z.infer<typeof commandSchema>;

export interface OperatorCliConfig {
  rpcUrl: string;
  operatorKey: string;
  addresses?: { council: string; governance: string; treasury: string };
  command: OperatorCommand;
}

/** Thrown for bad env or arguments; the message lists every problem (never a secret's value). */
export class OperatorConfigError extends Error {
  readonly type = 'config.invalid';
}

const usage = `usage: tsx contracts-abi/src/operator-cli.ts <command> [--dev] [options]
  status
  deploy [--production | --voting-period N --term-length N --election-period N --veto-bps N]
  deploy-relay-batch   (prints the RelayBatch address for the worker's RELAY_BATCH_ADDRESS)
  set-council --seats 12 --members members.json [--term N]
  set-secretary --did did:elastos:… --key <compressed hex | base58 | PEM>
  fund-treasury --ela 1000
  set-circulating-supply --ela 33000000`;

function problems(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
}

/** Parses env and argv (argv without node and script). */
export function loadOperatorCliConfig(env: NodeJS.ProcessEnv, argv: string[]): OperatorCliConfig {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dev: { type: 'boolean', default: false },
      production: { type: 'boolean', default: false },
      'voting-period': { type: 'string' },
      'term-length': { type: 'string' },
      'election-period': { type: 'string' },
      'veto-bps': { type: 'string' },
      term: { type: 'string' },
      seats: { type: 'string' },
      members: { type: 'string' },
      did: { type: 'string' },
      key: { type: 'string' },
      ela: { type: 'string' },
    },
  });
  const parsedEnv = envSchema.safeParse(env);
  const parsedCommand = commandSchema.safeParse({
    command: positionals[0],
    production: values.production,
    votingPeriod: values['voting-period'],
    termLength: values['term-length'],
    electionPeriod: values['election-period'],
    vetoBps: values['veto-bps'],
    term: values.term,
    seats: values.seats,
    members: values.members,
    did: values.did,
    key: values.key,
    ela: values.ela,
  });
  const errors = [
    parsedEnv.success ? '' : problems(parsedEnv.error),
    parsedCommand.success ? '' : problems(parsedCommand.error),
  ].filter(Boolean);
  const operatorKey =
    parsedEnv.data?.OPERATOR_PRIVATE_KEY ?? (values.dev ? ANVIL_DEFAULT_KEYS[0] : undefined);
  if (parsedEnv.success && !operatorKey)
    errors.push('  OPERATOR_PRIVATE_KEY: required (or pass --dev for anvil)');
  const e = parsedEnv.data;
  const given = [e?.COUNCIL_ADDRESS, e?.GOVERNANCE_ADDRESS, e?.TREASURY_ADDRESS].filter(Boolean).length;
  if (given !== 0 && given !== 3)
    errors.push('  COUNCIL_ADDRESS, GOVERNANCE_ADDRESS, TREASURY_ADDRESS: set all three or none');
  if (errors.length > 0 || !e || !parsedCommand.data || !operatorKey) {
    throw new OperatorConfigError(`invalid operator configuration:\n${errors.join('\n')}\n\n${usage}`);
  }
  return {
    rpcUrl: e.CHAIN_RPC_URL,
    operatorKey,
    addresses:
      given === 3
        ? { council: e.COUNCIL_ADDRESS!, governance: e.GOVERNANCE_ADDRESS!, treasury: e.TREASURY_ADDRESS! }
        : undefined,
    command: parsedCommand.data,
  };
}
