import type { ProjectedState } from './reindex-state.repo';

/** One row that differs between the index before the rebuild and after it. */
export interface Difference {
  table: string;
  /** The row's key (a proposal's id, `proposalId:memberId`...). */
  key: string;
  /** The key as people read it: proposals by display number (`#12`). */
  label: string;
  /** Changed fields as `field: before → after`; `added` / `removed` for a whole row. */
  change: string;
}

export interface ReindexReport {
  chainId: number;
  fromBlock: number;
  toBlock: number;
  dryRun: boolean;
  /** Events read from the chain per `stream:name`. */
  eventsByKind: Record<string, number>;
  /** Proposals on chain (with a draft hash) per status, after the rebuild. */
  proposalsByStatus: Record<string, number>;
  /** Council votes the chain recorded (a member's latest), and how many of them changed their first choice. */
  chainedVotes: number;
  changedVotes: number;
  seatedMembers: number;
  /** Status e-mails the replay recorded for old moves, marked skipped (never sent). */
  skippedMails: number;
  differences: Difference[];
}

const show = (v: unknown) => (v === null || v === undefined ? '∅' : JSON.stringify(v));

/** Every row added, removed or changed between two readings of the projected state. */
export function diffStates(before: ProjectedState, after: ProjectedState): Difference[] {
  const out: Difference[] = [];
  // Proposals by their display number (`#12`), as people know them; votes and milestones by their proposal's too.
  const numbers = new Map<string, unknown>();
  for (const state of [before, after])
    for (const [id, p] of state.proposals ?? []) if (p.number != null) numbers.set(id, p.number);
  const label = (key: string) => {
    const [id, ...rest] = key.split(':');
    return numbers.has(id!) ? [`#${String(numbers.get(id!))}`, ...rest].join(':') : key;
  };
  for (const table of Object.keys(after)) {
    const a = before[table] ?? new Map<string, Record<string, unknown>>();
    const b = after[table]!;
    for (const [key, row] of b) {
      const old = a.get(key);
      if (!old) {
        out.push({ table, key, label: label(key), change: 'added' });
        continue;
      }
      const fields = Object.keys(row).filter((f) => JSON.stringify(row[f]) !== JSON.stringify(old[f]));
      if (fields.length > 0)
        out.push({
          table,
          key,
          label: label(key),
          change: fields.map((f) => `${f}: ${show(old[f])} → ${show(row[f])}`).join(', '),
        });
    }
    for (const key of a.keys())
      if (!b.has(key)) out.push({ table, key, label: label(key), change: 'removed' });
  }
  return out;
}

export function countBy<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([x], [y]) => x.localeCompare(y)));
}

const SHOWN_DIFFERENCES = 50;
// Listed last: a lost or partial index differs in every event, which says less than one proposal's status.
const DETAIL_ORDER = [
  'proposals',
  'proposal_votes',
  'proposal_milestones',
  'council_terms',
  'council_members',
];
const rank = (table: string) =>
  DETAIL_ORDER.includes(table) ? DETAIL_ORDER.indexOf(table) : DETAIL_ORDER.length;

export function formatReport(r: ReindexReport): string {
  const events = Object.values(r.eventsByKind).reduce((s, n) => s + n, 0);
  const proposals = Object.values(r.proposalsByStatus).reduce((s, n) => s + n, 0);
  const perTable = countBy(r.differences, (d) => d.table);
  const kinds = (table: string) => {
    const of = r.differences.filter((d) => d.table === table);
    const n = (c: string) =>
      of.filter((d) => (c === 'changed' ? !/^(added|removed)$/.test(d.change) : d.change === c)).length;
    return `${n('added')} added, ${n('removed')} removed, ${n('changed')} changed`;
  };
  const shown = [...r.differences]
    .sort((a, b) => rank(a.table) - rank(b.table) || a.label.localeCompare(b.label, 'en', { numeric: true }))
    .slice(0, SHOWN_DIFFERENCES);
  const lines = [
    `reindex of chain ${r.chainId}, blocks ${r.fromBlock}..${r.toBlock}${r.dryRun ? ' (dry run: rolled back)' : ''}`,
    `events read: ${events}`,
    ...Object.entries(r.eventsByKind).map(([k, n]) => `  ${k.padEnd(36)} ${n}`),
    `proposals on chain: ${proposals}`,
    ...Object.entries(r.proposalsByStatus).map(([k, n]) => `  ${k.padEnd(36)} ${n}`),
    `council votes on chain: ${r.chainedVotes} (${r.changedVotes} changed by a later vote)`,
    `council seats (all terms): ${r.seatedMembers}`,
    `status e-mails of old moves skipped: ${r.skippedMails}`,
    `differences vs before: ${r.differences.length}`,
    ...Object.keys(perTable).map((t) => `  ${t.padEnd(36)} ${kinds(t)}`),
    ...shown.map((d) => `  ${d.table} ${d.label}: ${d.change}`),
  ];
  if (r.differences.length > SHOWN_DIFFERENCES)
    lines.push(`  … and ${r.differences.length - SHOWN_DIFFERENCES} more`);
  return lines.join('\n');
}
