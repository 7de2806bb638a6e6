/**
 * Dev wallet CLI (DEV AND TESTS ONLY; see did/README.md): `npm run wallet -- <command>`.
 *   create <name> [--mnemonic "<12 words>"] [--display-name <text>] [--email <addr>]
 *   list
 *   scan "<qr text>" [--approve] [--as <name>] [--allow-unverified]
 * Global flags: --wallet-dir, --resolver, --chain-rpc, --chain-id, --json
 */
import { parseArgs } from 'node:util';
import { DidError } from '../did-error';
import { approveRequest } from './wallet-approve';
import { loadWalletConfig } from './wallet.config';
import { describeRequest } from './wallet-describe';
import { createWallet, listWallets } from './wallet-store';

const USAGE = `usage: npm run wallet -- <command>
  create <name> [--mnemonic "<words>"] [--display-name <text>] [--email <addr>]
  list
  scan "<qr text>" [--approve] [--as <name>] [--allow-unverified]
flags: --wallet-dir <dir> --resolver <url> --chain-rpc <url> --chain-id <n> --json`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'wallet-dir': { type: 'string' },
      resolver: { type: 'string' },
      'chain-rpc': { type: 'string' },
      'chain-id': { type: 'string' },
      mnemonic: { type: 'string' },
      'display-name': { type: 'string' },
      email: { type: 'string' },
      approve: { type: 'boolean', default: false },
      as: { type: 'string' },
      'allow-unverified': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const config = loadWalletConfig({
    walletDir: values['wallet-dir'],
    resolverUrl: values.resolver,
    chainRpcUrl: values['chain-rpc'],
    chainId: values['chain-id'],
  });
  const print = (human: string, data: unknown) =>
    console.log(values.json ? JSON.stringify(data, null, 2) : human);

  switch (command) {
    case 'create': {
      if (!arg) throw new DidError('did.request_invalid', 'create needs a wallet name');
      const info = await createWallet(arg, {
        ...config,
        mnemonic: values.mnemonic,
        displayName: values['display-name'],
        email: values.email,
      });
      print(`created ${info.name}\n  DID ${info.did}\n  EVM ${info.evmAddress}`, info);
      return 0;
    }
    case 'list': {
      const wallets = await listWallets(config);
      print(
        wallets.length
          ? wallets.map((w) => `${w.name.padEnd(16)} ${w.did}  ${w.evmAddress}`).join('\n')
          : `no wallets in ${config.walletDir}`,
        wallets,
      );
      return 0;
    }
    case 'scan': {
      if (!arg) throw new DidError('did.request_invalid', 'scan needs the QR text');
      const d = await describeRequest(arg, config);
      const check =
        d.requestVerified === null
          ? 'no request JWT'
          : d.requestVerified
            ? 'request JWT verified'
            : `REQUEST JWT DOES NOT VERIFY: ${d.requestError}`;
      if (!values.approve) {
        print(`${d.action} (${check})\n${d.summary}\ncallback: ${d.callbackUrl ?? '(none)'}`, {
          action: d.action,
          requester: d.requester,
          requestVerified: d.requestVerified,
          requestError: d.requestError,
          callbackUrl: d.callbackUrl,
          details: d.details,
        });
        return 0;
      }
      const name = values.as ?? (await soleWallet(config));
      const result = await approveRequest(arg, name, {
        ...config,
        allowUnverifiedRequest: values['allow-unverified'],
      });
      print(
        `${d.summary}\napproved as ${name}; callback answered HTTP ${result.status}: ${JSON.stringify(result.body)}` +
          (result.sent.chainError ? `\ntransaction failed: ${result.sent.chainError}` : ''),
        {
          status: result.status,
          body: result.body,
          sent: result.sent.body,
          chainError: result.sent.chainError,
        },
      );
      return result.status === 200 ? 0 : 1;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

async function soleWallet(config: { walletDir: string }): Promise<string> {
  const wallets = await listWallets(config);
  if (wallets.length === 1) return wallets[0]!.name;
  throw new DidError(
    'did.request_invalid',
    `choose a wallet with --as (${wallets.map((w) => w.name).join(', ') || 'none yet'})`,
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof DidError ? `${err.type}: ${err.message}` : err instanceof Error ? err.message : err,
    );
    process.exit(1);
  },
);
