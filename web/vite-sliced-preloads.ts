import type { Plugin } from 'vite';

/** Modulepreload links added per task: about 1 ms each on a fast machine's main thread, 4 ms on a slow phone. */
export const PRELOADS_PER_TASK = 6;

/**
 * Vite's preload helper adds a `<link rel="modulepreload">` for every chunk a dynamic import needs, all in the
 * task that asks for it: a page's 80-odd links were one 40–60 ms task in Chromium (each link starts a module fetch
 * on the main thread), a long task of 160–240 ms on a phone 4× slower. The links now go in slices of
 * PRELOADS_PER_TASK, a task each, so none blocks input for long; a stylesheet still goes at once (the helper
 * waits for it before the module runs). The import itself is not held back: its own fetches start at once, and
 * a link that comes after them finds the module already on its way. (A timer, not web/src/lib/next-task.ts: in a
 * tab in the background the links come slower, and they are only hints.)
 */
export function slicedModulePreloads(): Plugin {
  const append = 'document.head.appendChild(link);';
  return {
    name: 'cr-sliced-module-preloads',
    apply: 'build',
    transform: {
      filter: { id: /^\0vite\/preload-helper/ },
      handler(code) {
        if (!code.includes(append)) this.error(`Vite's preload helper no longer has: ${append}`);
        return `${slicer}\n${code.replace(append, 'crAppendPreload(link);')}`;
      },
    },
  };
}

const slicer = `const crPreloads = [];
function crAppendPreload(link) {
  if (link.rel === 'stylesheet') return void document.head.appendChild(link);
  if (crPreloads.push(link) === 1) setTimeout(crAppendPreloads, 0);
}
function crAppendPreloads() {
  for (const link of crPreloads.splice(0, ${PRELOADS_PER_TASK})) document.head.appendChild(link);
  if (crPreloads.length) setTimeout(crAppendPreloads, 0);
}`;
