import { z } from 'zod';
import { optionalString, parseEnv, urlWithProtocol } from '@cr/core/config/env-parse';

/** `npm run bench:api`: the environment it reads, parsed once. */
export function loadBenchConfig(env = process.env) {
  return parseEnv(
    z.object({
      /** PostgreSQL holding the seeded data (`npm run seed -- --suggestions 100000`). */
      DATABASE_URL: z.string().pipe(urlWithProtocol('postgres:', 'postgresql:')),
      REDIS_URL: z.string().pipe(urlWithProtocol('redis:', 'rediss:')).default('redis://127.0.0.1:6379'),
      BENCH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
      /** The latency pass (cache off, varied inputs): connections kept busy; below the cores' saturation. */
      BENCH_LATENCY_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(4),
      /** Per scenario: at most this many requests... */
      BENCH_REQUESTS: z.coerce.number().int().min(10).max(1_000_000).default(3000),
      /** ...or this many seconds. */
      BENCH_SECONDS: z.coerce.number().min(1).max(600).default(15),
      BENCH_WARMUP: z.coerce.number().int().min(0).max(100_000).default(300),
      /** Only the scenarios whose name matches this regular expression (the baseline always runs). */
      BENCH_ONLY: z
        .string()
        .optional()
        .transform((v) => (v ? new RegExp(v, 'i') : null)),
      /**
       * `bench:web`: Lighthouse runs per page and form factor; the run with the median performance score is
       * printed (a simulated phone's score moves by 10 to 30 between runs on a 2-core machine).
       */
      BENCH_WEB_RUNS: z.coerce.number().int().min(1).max(20).default(3),
      /** `bench:web`: write each page's Lighthouse report (JSON) into this directory, to read the failing audits. */
      BENCH_REPORTS_DIR: optionalString,
      /** Also measure lists and searches with varied inputs (a new word, page, member each request), cache off. */
      BENCH_VARIED: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
      /** A directory: the varied-inputs api writes a CPU profile there when it stops (`--cpu-prof`). */
      BENCH_CPU_PROF: z.string().optional(),
      /** Also measure every scenario with the list answer cache off, for reference. */
      BENCH_UNCACHED: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    }),
    env,
  );
}
