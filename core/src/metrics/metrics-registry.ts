import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of one process (prom-client), handed down like the other deps, never global: the test
 * files that share a Node process each start their own api with its own registry. `npm start` runs the api and the
 * worker in one process on one registry; `npm run start:api` and `start:worker` each have their own.
 * Names and meanings: docs/operations.md ("Metrics"); the dashboard and alerts in ops/ read them.
 */
export interface Metrics {
  registry: Registry;
  role: MetricsRole;
  /** The relayer addresses of this process's chain worker (their balance and nonces are read on scrape). */
  relayers: Set<string>;
  /** HTTP answers by method, route pattern (never the raw URL: bounded labels) and status code. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Every committed change of a chain action by the worker, by the status it reached. */
  chainActionChanges: Counter<'kind' | 'status'>;
  /** E-mails the mail worker finished, by outcome (sent, skipped, failed: a failed try, retried until the last). */
  mailJobs: Counter<'outcome'>;
  /** Adds a gauge whose value is read when Prometheus scrapes (collect); a second one of the same name is ignored. */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void,
  ): void;
}

/** Which process exports them (the `role` label of every series). */
export type MetricsRole = 'api' | 'worker' | 'all';

/**
 * The buckets of the HTTP latency, seconds: a list or a detail answers in a few ms, a wallet callback that
 * relays an action in tens to hundreds (docs/operations.md's cluster run).
 */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `processMetrics`: prom-client's process series too (CPU, memory, event-loop lag, handles: nodejs_*, process_*).
 * Once per process (app-composition.ts): each call starts an event-loop monitor and a GC observer that live as long
 * as the process, so the test apis that share a Node process go without.
 */
export function createMetrics(role: MetricsRole, { processMetrics = true } = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const gauges = new Set<string>();
  return {
    registry,
    role,
    relayers: new Set(),
    httpDuration: new Histogram({
      name: 'cr_http_request_duration_seconds',
      help: 'HTTP answers: seconds from the request to the last byte, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    chainActionChanges: new Counter({
      name: 'cr_chain_action_changes_total',
      help: 'Committed changes of chain actions by this worker, by action kind and the status reached',
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
    }),
    mailJobs: new Counter({
      name: 'cr_mail_jobs_total',
      help: 'E-mail jobs finished by this process, by outcome (sent, skipped, failed: a failed try)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    gaugeOnScrape(name, help, labelNames, collect) {
      if (gauges.has(name)) return;
      gauges.add(name);
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await collect((labels, value) => this.set(labels as never, value));
        },
      });
    },
  };
}
