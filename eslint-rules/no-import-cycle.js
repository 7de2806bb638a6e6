// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `local/no-import-cycle`: an import that leads back to its own file through other imports is an error (the
 * api's and the worker's modules form a graph without cycles; a cycle means two modules are one, or the wrong
 * one owns a mechanism, and it makes start-up order fragile). Imports are resolved by the TypeScript compiler
 * with the repo's settings, so a path resolves exactly as `tsc` resolves it, workspace packages included.
 *
 * `import type` declarations are left out (erased at run time). `import { type X }` is not: under
 * verbatimModuleSyntax it stays as `import {} from …`, a real import. Dynamic `import()` is not an edge.
 * eslint-plugin-import-x's no-cycle would do the same with a native resolver and more dependencies; this one
 * reuses the TypeScript the repo already has and only follows files of the repo's own workspaces.
 *
 * Option `knownCycles`: lists of files (repo-relative, in import order) whose imports form a cycle that is
 * being removed; those edges are ignored meanwhile. Keep it empty.
 */

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const configFile = ts.readConfigFile(path.join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile);
const options = ts.parseJsonConfigFileContent(configFile.config, ts.sys, repoRoot).options;
const resolutionCache = ts.createModuleResolutionCache(repoRoot, (f) => f, options);

/** Files followed: the sources of our workspaces, never node_modules or declaration files. */
const followed = (file) =>
  file.startsWith(repoRoot + path.sep) &&
  !file.includes(`${path.sep}node_modules${path.sep}`) &&
  /\.tsx?$/.test(file) &&
  !file.endsWith('.d.ts');

/** @type {Map<string, { mtimeMs: number, text: string | null, imports: { target: string, line: number }[] }>} */
const cache = new Map();

/** The runtime imports of a file, resolved to absolute paths, with the line of each. */
function parseImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = [];
  for (const st of source.statements) {
    let spec;
    if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly) spec = st.moduleSpecifier;
    else if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.moduleSpecifier) spec = st.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const resolved = ts.resolveModuleName(spec.text, file, options, ts.sys, resolutionCache).resolvedModule;
    if (!resolved) continue;
    const target = path.resolve(resolved.resolvedFileName);
    if (followed(target)) {
      const line = source.getLineAndCharacterOfPosition(st.getStart(source)).line + 1;
      out.push({ target, line });
    }
  }
  return out;
}

/** Imports of a file on disk, re-read only when it changed (the rule runs once per linted file). */
function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs && hit.text === null) return hit.imports;
  const imports = parseImports(file, fs.readFileSync(file, 'utf8'));
  cache.set(file, { mtimeMs, text: null, imports });
  return imports;
}

/** A path of imports from `start` back to `goal`, skipping the ignored edges; null when there is none. */
function pathBack(start, goal, ignored) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const { target } of importsOf(file)) {
      if (ignored.has(`${file}\n${target}`)) continue;
      if (target === goal) {
        const chain = [file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.unshift(p);
        return chain;
      }
      if (!parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

const rel = (file) => path.relative(repoRoot, file);

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          knownCycles: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!followed(file)) return {};
    const ignored = new Set();
    for (const cycle of context.options[0]?.knownCycles ?? [])
      cycle.forEach((from, i) => {
        const to = cycle[(i + 1) % cycle.length];
        ignored.add(`${path.join(repoRoot, from)}\n${path.join(repoRoot, to)}`);
      });
    return {
      Program(program) {
        // The text being linted, which an editor may not have saved yet.
        for (const { target, line } of parseImports(file, context.sourceCode.text)) {
          if (ignored.has(`${file}\n${target}`)) continue;
          const back = target === file ? [] : pathBack(target, file, ignored);
          if (!back) continue;
          const node = program.body.find((n) => n.loc?.start.line === line) ?? program;
          context.report({
            node,
            message: `Import cycle: ${[file, ...back, file].map(rel).join(' → ')}. Move what both sides need into a module that imports neither.`,
          });
        }
      },
    };
  },
};
