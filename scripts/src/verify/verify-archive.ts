import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { proposalArchiveSchema } from '@cr/api/contract/proposal-archive.contract';
import { checkAgainstChain, checkArchive, formatResults, type CheckResult } from './archive-checks';
import { readChainFacts } from './chain-read';

/**
 * The offline verifier of a proposal archive (docs/verify.md "Archive"):
 *   npm run verify -- proposal-12.json [--rpc https://node.example]
 * Prints one line per check and exits 0 only when every check passes (1: a mismatch, 2: unusable input).
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { rpc: { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error('usage: npm run verify -- <archive.json> [--rpc URL]');
    return 2;
  }
  const parsed = proposalArchiveSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    console.error(`${file} is not a proposal archive this verifier reads: ${parsed.error.message}`);
    return 2;
  }
  const archive = parsed.data;
  const results: CheckResult[] = checkArchive(archive);
  if (values.rpc) {
    try {
      results.push(...checkAgainstChain(archive, await readChainFacts(archive, values.rpc)));
    } catch (err) {
      results.push({
        ok: false,
        item: 'chain',
        detail: `could not read ${values.rpc}: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  }
  console.log(formatResults(results));
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    failed === 0
      ? `all ${results.length} checks passed for proposal #${archive.proposal.number}`
      : `${failed} of ${results.length} checks failed for proposal #${archive.proposal.number}`,
  );
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
