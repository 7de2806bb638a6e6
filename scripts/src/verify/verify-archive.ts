import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { anyProposalArchiveSchema, type AnyProposalArchive } from '@cr/contract/proposal-archive.contract';
import { checkAgainstChain, checkArchive, formatResults, type CheckResult } from './archive-checks';
import { checkTrackingServed } from './archive-life-checks';
import { readChainFacts } from './chain-read';
import { readServedTracking } from './site-read';

/**
 * The offline verifier of a proposal archive (docs/verify.md "Archive"):
 *   npm run verify -- proposal-12.json [--rpc https://node.example] [--api https://site.example]
 * With --rpc it also reads the chain and, for a version 2 file, compares the tracking messages with what the site
 * serves now (the archive's `site`, or --api). Prints one line per check and exits 0 only when every check passes
 * (1: a mismatch, 2: unusable input).
 */

const failedRead = (item: string, source: string, err: unknown): CheckResult => ({
  ok: false,
  item,
  detail: `could not read ${source}: ${err instanceof Error ? err.message : String(err)}`,
});

/** The tracking messages against the site that published them (version 2 files). */
async function siteChecks(archive: AnyProposalArchive, api: string | undefined): Promise<CheckResult[]> {
  if (archive.version === 1 || archive.tracking.length === 0) return [];
  const site = api ?? archive.site;
  try {
    return checkTrackingServed(archive, await readServedTracking(site, archive.proposal.id));
  } catch (err) {
    return [failedRead('tracking messages on the site', site, err)];
  }
}
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { rpc: { type: 'string' }, api: { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error('usage: npm run verify -- <archive.json> [--rpc URL] [--api SITE_URL]');
    return 2;
  }
  const parsed = anyProposalArchiveSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
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
      results.push(failedRead('chain', values.rpc, err));
    }
  }
  if (values.rpc || values.api) results.push(...(await siteChecks(archive, values.api)));
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
