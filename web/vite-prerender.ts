import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Where the server-side render of first screens is built, inside the client build (a dot folder: not served). */
export const PRERENDER_DIR = '.ssr';
/** The render module's file name in it (web/src/prerender/render-page.tsx). */
export const PRERENDER_ENTRY = 'render-page.js';

/**
 * After the client build, builds `src/prerender/render-page.tsx` for Node into `dist/.ssr`: the api renders
 * the first screen of the pages in `PRERENDERED_ROUTES` with it (api/src/http/prerender-pages.ts). Everything is
 * bundled (`noExternal`), so the same transforms apply to antd as in the browser's build.
 */
export function prerenderBundle(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'cr-prerender-bundle',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: path.join(root, 'src/prerender/render-page.tsx'),
          outDir: path.join(outDir, PRERENDER_DIR),
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: PRERENDER_ENTRY } },
        },
      });
    },
  };
}
