/**
 * Failure evidence: the lines a failing browser test prints about its page (web/e2e/failure-report.ts marks each
 * with this prefix). The run collects them from every task's output and prints them again under the timing
 * table, because a CI log is often read from its end, and a long run's middle may be cut away.
 */
export const EVIDENCE_MARK = 'failure evidence | ';

const MAX_LINES = 400;
const collected: string[] = [];

/** Keeps a task's output line when it carries the mark (bounded, so a run of failures cannot flood the end). */
export function collectEvidence(label: string, line: string): void {
  const at = line.indexOf(EVIDENCE_MARK);
  if (at >= 0 && collected.length < MAX_LINES)
    collected.push(`[${label}] ${line.slice(at + EVIDENCE_MARK.length)}`);
}

/** What was collected, as a block to print, or '' when no test left any. */
export function evidenceBlock(): string {
  return collected.length ? ['', 'Failure evidence (repeated from above)', ...collected].join('\n') : '';
}
