// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';

/**
 * Import direction (docs/architecture.md): contract, did and contracts-abi → nothing of ours (the ground floor);
 * core → contract, contracts-abi; api → contract, did, contracts-abi, core; chain-worker → contract,
 * contracts-abi, core and of the api only its modules' public faces and the process composition; web → contract
 * only; nothing imports web. Inside web: app → features → shared, and no feature reaches into another.
 */
const workspaceRule = (allowed, extraPatterns = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^@cr/(?!(${allowed.join('|')})(/|$))`,
          message:
            'This workspace may not import that workspace (see the packages in docs/architecture.md §2).',
        },
        ...extraPatterns,
      ],
    },
  ],
});

const WORKSPACES = ['web', 'api', 'core', 'contract', 'did', 'chain-worker', 'contracts-abi', 'scripts'];
const repoRoot = path.dirname(new URL(import.meta.url).pathname);

/** A relative import may not leave its workspace: other workspaces are imported by package name (@cr/...). */
const workspaceRelative = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const rel = path.relative(repoRoot, context.filename);
    const workspace = rel.split(path.sep)[0];
    if (!WORKSPACES.includes(workspace)) return {};
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.startsWith('.')) return;
        const target = path.relative(repoRoot, path.resolve(path.dirname(context.filename), source));
        if (target.split(path.sep)[0] !== workspace) {
          context.report({
            node,
            message: 'Import another workspace by its package name (@cr/...), not by a relative path.',
          });
        }
      },
    };
  },
};

/** A feature folder of web may not import another feature's files. */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const match = /web\/src\/features\/([^/]+)\//.exec(file);
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        const targetFeature = /web\/src\/features\/([^/]+)(\/|$)/.exec(target);
        if (match && targetFeature && targetFeature[1] !== match[1]) {
          context.report({
            node,
            message: `Feature "${match[1]}" must not import feature "${targetFeature[1]}"; move shared code to web/src/components or web/src/lib.`,
          });
        }
        const fromShared = /web\/src\/(components|lib)\//.test(file);
        if (fromShared && /web\/src\/(features|app)\//.test(target)) {
          context.report({
            node,
            message: 'Shared code (components, lib) must not import features or the app.',
          });
        }
      },
    };
  },
};

/**
 * An api module (`api/src/modules/<area>/`) imports another module only through its public face, the folder's
 * `index.ts` (`'../proposal'`), never one of its files (docs/architecture.md §4).
 */
const modulePublicFace = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const modules = path.join(repoRoot, 'api/src/modules');
    const moduleOf = (file) => {
      const rel = path.relative(modules, file);
      return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
    };
    const from = moduleOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source && String(node.source.value);
      if (!source || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source).replace(/\/index(\.ts)?$/, '');
      const to = moduleOf(target);
      if (!to || to === from || target === path.join(modules, to)) return;
      context.report({
        node,
        message: `Module "${from}" may import module "${to}" only through its public face ('../${to}', its index.ts), not one of its files.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'contracts-abi/artifacts/**',
      'web/e2e/screenshots/**',
      'core/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { workspace: { rules: { 'relative-import': workspaceRelative } } },
    rules: { 'workspace/relative-import': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // No import cycles in core, the api and the worker (eslint-rules/no-import-cycle.js).
    files: ['core/src/**/*.ts', 'api/src/**/*.ts', 'chain-worker/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { cycles: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: {
      'cycles/no-import-cycle': [
        'error',
        {
          // None left: the wallet-action rewrite (issue 21) removed the veto's cycle. Keep it empty.
          knownCycles: [],
        },
      ],
    },
  },
  {
    files: ['api/src/modules/**/*.ts'],
    plugins: { modules: { rules: { 'public-face': modulePublicFace } } },
    rules: { 'modules/public-face': 'error' },
  },
  {
    // Queries live in *.repo.ts files and the db folder; services call them (conventions.md: route → service →
    // repo). A separate rule name, so the import-direction no-restricted-imports above keeps its own options.
    files: ['core/src/**/*.ts', 'api/src/**/*.ts', 'chain-worker/src/**/*.ts'],
    ignores: ['**/*.repo.ts', 'core/src/db/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message: 'Build queries in a *.repo.ts file (or core/src/db), and call it from here.',
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message: 'Build queries in a *.repo.ts file (or core/src/db), and call it from here.',
            },
          ],
        },
      ],
    },
  },
  { files: ['contract/**'], rules: workspaceRule([]) },
  { files: ['did/**'], rules: workspaceRule([]) },
  { files: ['contracts-abi/**'], rules: workspaceRule([]) },
  {
    // core stands below the api and the worker, which both import it: it imports neither (nor did, the api's).
    files: ['core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@cr/(api|chain-worker|web|scripts)(/|$)',
              message:
                'core stands below the api and the worker: it may not import them (move what both need down into core).',
            },
            {
              regex: '^@cr/(?!(contract|contracts-abi|core|api|chain-worker|web|scripts)(/|$))',
              message:
                'This workspace may not import that workspace (see the packages in docs/architecture.md §2).',
            },
          ],
        },
      ],
    },
  },
  { files: ['api/**'], rules: workspaceRule(['contract', 'did', 'contracts-abi', 'core']) },
  {
    files: ['chain-worker/**'],
    rules: workspaceRule(
      ['contract', 'contracts-abi', 'core', 'api'],
      [
        {
          // What the worker shares with the api is in core; of the api it takes only a module's public face (its
          // worker plugins, refusal handlers) and the composition of a process (which loads no HTTP for a worker).
          regex: '^@cr/api(/(?!(modules/[^/]+/index|app-composition)$)|$)',
          message:
            "The worker imports of the api only a module's public face (@cr/api/modules/<area>/index) and @cr/api/app-composition; what it shares with the api is in @cr/core.",
        },
        {
          regex: '^(express|multer|socket\\.io)(/|$)',
          message: 'The worker runs no HTTP server: it must not load express, multer or socket.io.',
        },
      ],
    ),
  },
  {
    // bench:chain's page: the api's socket.io server and a browser's client, in a process of their own (never the
    // worker's), so the bench measures latency to what a page sees.
    files: ['chain-worker/src/bench/bench-page-socket.ts'],
    rules: workspaceRule(['contract', 'contracts-abi', 'core', 'api']),
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...workspaceRule(['contract']),
      'local/feature-boundaries': 'error',
    },
  },
  {
    // Pages link through the typed paths of web/src/lib/paths.ts, never a hand-written '/…' string: a renamed
    // route is one edit there, and a link to a route that does not exist does not compile. The api's own paths
    // (/api/, /uploads/, /socket.io) are not pages and stay strings.
    files: ['web/src/{app,components,features}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[raw=/^['"]\\/(?!api\\/|uploads\\/|socket\\.io)/]`,
          message: 'Link to a page with paths.<route>() from web/src/lib/paths.ts, not a hand-written path.',
        },
        {
          selector:
            'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(?!api\\/|uploads\\/|socket\\.io)/]',
          message: 'Link to a page with paths.<route>(…) from web/src/lib/paths.ts, not a hand-written path.',
        },
      ],
    },
  },
  {
    // Tests and scripts may use other workspaces' test helpers (api/test/...), which no package exports.
    files: ['scripts/**', '**/*.int.test.ts', '**/test/**', 'web/e2e/**'],
    rules: { 'no-restricted-imports': 'off', 'workspace/relative-import': 'off' },
  },
);
