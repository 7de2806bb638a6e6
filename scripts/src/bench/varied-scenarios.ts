// The cache-off scenarios of `npm run bench:api` with varied inputs: every request a different search word,
// page, filter or signed-in member, drawn from the seeded data, so no answer cache (ours, PostgreSQL's plan
// cache aside) can serve a repeat. Each scenario is reported as a ratio of the primary-key read's req/s.

/** What the seeded data offers to vary over. */
export interface VariedInputs {
  suggestionIds: string[];
  maxSuggestionNumber: number;
  /** Words of seeded titles and abstracts: English words and two-character Chinese terms. */
  words: string[];
  authorNames: string[];
  /** Session tokens of many seeded members (each request signs in as one of them). */
  tokens: string[];
  proposals: { maxNumber: number; proposerNames: string[]; councilTokens: string[] } | null;
  /** Words of seeded task and team names and descriptions (null: no seeded tasks and teams). */
  developer: { taskWords: string[]; teamWords: string[] } | null;
}

export interface VariedScenario {
  name: string;
  paths: string[];
  pathHeaders?: (Record<string, string> | undefined)[];
  baseline?: boolean;
  /** The goal as a share of the baseline's req/s (issue: lists and searches 0.5, proposal detail 0.8). */
  goal?: number;
}

/** A small seeded PRNG (mulberry32): the same run draws the same inputs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words worth searching for in seeded texts: English words of 4+ letters and two-character Chinese terms. */
export function wordsOf(texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) out.add(w);
    for (const run of text.match(/\p{Script=Han}{2,}/gu) ?? [])
      for (let i = 0; i + 2 <= run.length; i += 2) out.add(run.slice(i, i + 2));
  }
  return [...out];
}

export function variedScenarios(inputs: VariedInputs, count: number, seed = 7): VariedScenario[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const n = (make: () => string) => Array.from({ length: count }, make);
  const as = () => Array.from({ length: count }, () => ({ 'api-token': pick(inputs.tokens) }));
  const q = encodeURIComponent;
  const sorts = ['newest', 'likes', 'views', 'activeness'] as const;
  const list: VariedScenario[] = [
    {
      name: 'baseline: GET /suggestion/:id/stats (1 PK read, varied ids)',
      paths: n(() => `/api/suggestion/${pick(inputs.suggestionIds)}/stats`),
      baseline: true,
    },
    {
      name: 'suggestions: list, varied sort / filter / page / size, signed in',
      paths: n(
        () =>
          `/api/suggestion?sortBy=${pick(sorts)}&filter=${pick(['all', 'archived', 'signed', 'unsigned'])}&results=${pick([10, 20])}&page=${int(1, 100)}`,
      ),
      pathHeaders: as(),
      goal: 0.5,
    },
    {
      name: 'suggestions: my own / commented / subscribed, varied member',
      paths: n(() => `/api/suggestion?filter=${pick(['mine', 'commented', 'subscribed'])}&page=${int(1, 3)}`),
      pathHeaders: as(),
      goal: 0.5,
    },
    {
      name: 'suggestions: search title, varied word and page',
      paths: n(() => `/api/suggestion?searchBy=title&search=${q(pick(inputs.words))}&page=${int(1, 3)}`),
      goal: 0.5,
    },
    {
      name: 'suggestions: search abstract, varied word',
      paths: n(
        () => `/api/suggestion?searchBy=abstract&search=${q(pick(inputs.words))}&sortBy=${pick(sorts)}`,
      ),
      goal: 0.5,
    },
    {
      name: 'suggestions: search number, varied',
      paths: n(() => `/api/suggestion?searchBy=number&search=%23${int(1, inputs.maxSuggestionNumber)}`),
      goal: 0.5,
    },
    {
      name: 'suggestions: search author name, varied',
      paths: n(() => `/api/suggestion?searchBy=name&search=${q(pick(inputs.authorNames))}&page=${int(1, 2)}`),
      goal: 0.5,
    },
  ];
  const d = inputs.developer;
  if (d) list.push(...developerScenarios(d, { n, as, pick, int }));
  const p = inputs.proposals;
  if (!p) return list;
  const statuses = [
    '',
    'PROPOSED',
    'NOTIFICATION',
    'ACTIVE',
    'FINAL',
    'REJECT',
    'VETOED',
    'PROPOSED,NOTIFICATION',
  ];
  const pSorts = ['newest', 'number', 'endingSoon'] as const;
  return [
    ...list,
    {
      name: 'proposals: list, varied status / sort / page / size',
      paths: n(
        () =>
          `/api/proposals?status=${pick(statuses)}&sortBy=${pick(pSorts)}&results=${pick([10, 20, 50])}&page=${int(1, 50)}`,
      ),
      pathHeaders: as(),
      goal: 0.5,
    },
    {
      name: 'proposals: search title, varied word',
      paths: n(() => `/api/proposals?searchBy=title&search=${q(pick(inputs.words))}&page=${int(1, 2)}`),
      goal: 0.5,
    },
    {
      name: 'proposals: search proposer, varied',
      paths: n(() => `/api/proposals?searchBy=proposer&search=${q(pick(p.proposerNames))}&page=${int(1, 5)}`),
      goal: 0.5,
    },
    {
      name: 'proposals: unvoted by me, varied council member',
      paths: n(() => `/api/proposals?unvotedByMe=true&page=${int(1, 5)}`),
      pathHeaders: n(() => '').map(() => ({ 'api-token': pick(p.councilTokens) })),
      goal: 0.5,
    },
    {
      name: 'proposal detail (12 votes), varied number and member',
      paths: n(() => `/api/proposals/${int(1, p.maxNumber)}`),
      pathHeaders: as(),
      goal: 0.8,
    },
  ];
}

/** Tasks and teams (issue 15: every list and search), each request a new filter, page, word or member. */
function developerScenarios(
  d: NonNullable<VariedInputs['developer']>,
  h: {
    n: (make: () => string) => string[];
    as: () => Record<string, string>[];
    pick: <T>(xs: readonly T[]) => T;
    int: (lo: number, hi: number) => number;
  },
): VariedScenario[] {
  const { n, as, pick, int } = h;
  const q = encodeURIComponent;
  const taskFilters = [
    '',
    'type=TASK',
    'type=EVENT',
    'type=PROJECT',
    'category=DEVELOPER',
    'category=SOCIAL&status=APPROVED',
    'category=GENERAL&status=CREATED',
  ];
  const teamFilters = [
    'type=TEAM',
    'type=CRCLE',
    'type=TEAM&subcategory=DEVELOPER',
    'type=CRCLE&subcategory=SERVICES',
  ];
  return [
    {
      name: 'tasks: list, varied type / category / status / page',
      paths: n(() => `/api/task?${pick(taskFilters)}&page=${int(1, 20)}`),
      goal: 0.5,
    },
    {
      name: 'tasks: search, varied word',
      paths: n(() => `/api/task?q=${q(pick(d.taskWords))}&page=${int(1, 2)}`),
      goal: 0.5,
    },
    {
      name: 'teams: list, varied type / subcategory / page, signed in',
      paths: n(() => `/api/team?${pick(teamFilters)}&page=${int(1, 10)}`),
      pathHeaders: as(),
      goal: 0.5,
    },
    {
      name: 'teams: search, varied word, signed in',
      paths: n(() => `/api/team?type=${pick(['TEAM', 'CRCLE'])}&q=${q(pick(d.teamWords))}`),
      pathHeaders: as(),
      goal: 0.5,
    },
  ];
}
