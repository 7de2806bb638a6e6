import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';
import { prerenderBundle } from './vite-prerender';
import { routeTable } from './vite-route-table';
import { slicedModulePreloads } from './vite-sliced-preloads';

/**
 * antd's form context (needed by ConfigProvider, Input, Space.Compact...) takes only `FormProvider` from
 * `@rc-component/form`, but through its index, which keeps the whole form library and its validator in the
 * first page's JavaScript. Taking it from its own module leaves the library to the pages with a form.
 */
function antdFormProviderOnly(): Plugin {
  return {
    name: 'cr-antd-form-provider-only',
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(id)) return null;
      return code.replace(
        "import { FormProvider as RcFormProvider } from '@rc-component/form';",
        "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
      );
    },
  };
}

/**
 * antd's ConfigProvider wraps the app in the tooltip's UniqueProvider only when `tooltip.unique` is set (this app
 * never sets it), yet imports it, and with it the popup positioning of @rc-component/trigger, on every page. Taken
 * lazily, the positioning comes with the first page that shows a tooltip, dropdown or select.
 */
function antdUniqueTooltipOnDemand(): Plugin {
  const from = "import UniqueProvider from '../tooltip/UniqueProvider';";
  return {
    name: 'cr-antd-unique-tooltip-on-demand',
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(id)) return null;
      if (!code.includes(from)) throw new Error(`antd's ConfigProvider no longer has: ${from}`);
      return code.replace(
        from,
        "const UniqueProvider = React.lazy(() => import('../tooltip/UniqueProvider'));",
      );
    },
  };
}

/**
 * zod tries `new Function("")` once to find out whether it may compile its object parsers; under the page's
 * Content-Security-Policy (no 'unsafe-eval') that try is a CSP violation reported on every page (Lighthouse's
 * "issues" audit) and zod parses without compiling anyway. Starting zod's shared configuration as jitless
 * (its documented setting for CSP pages) skips the try: same parsing, no violation.
 */
function zodJitless(): Plugin {
  const initial = '(_a.__zod_globalConfig = {})';
  return {
    name: 'cr-zod-jitless',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(initial))
        this.error(`zod's core no longer starts its configuration with ${initial}`);
      return code.replace(initial, '(_a.__zod_globalConfig = { jitless: true })');
    },
  };
}

/** The api (with socket.io) of `npm start`, for `npm run dev -w web` on its own port. */
const apiOrigin = 'http://localhost:3000';

const config = {
  plugins: [
    react(),
    antdFormProviderOnly(),
    antdUniqueTooltipOnDemand(),
    zodJitless(),
    slicedModulePreloads(),
    routeTable(),
    prerenderBundle(),
    precompress(),
  ],
  // The manifest names each chunk's imports: the size budget (`npm run size -w web`) walks it.
  build: {
    outDir: 'dist',
    manifest: true,
    // Every browser the site supports knows <link rel="modulepreload">; one that does not only preloads less.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // antd's core (layout, menu, drawer) is shared by every page; pages come as their own chunks.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            // i18next and dayjs; not dayjs's plugins (they come with antd's date pickers, on their pages), its
            // Chinese names (with antd's Chinese texts, antd-locale.ts) nor react-i18next (its <Trans> and HTML
            // parser come with the pages that use them).
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|dayjs[\\/]dayjs\.min\.js)/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The app's small modules every first screen imports, in one chunk instead of eight of a few hundred
            // bytes each (each chunk adds its imports and exports, and a request).
            {
              name: 'app-shared',
              test: /web[\\/]src[\\/](lib[\\/](paths|api-client|session-token|api-errors|storage-keys|use-list-data)\.ts|components[\\/](after-first-paint|panel)\.tsx)$|contract[\\/]roles\.contract\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/uploads': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
} satisfies UserConfig;

/**
 * The server's render of first screens (web/vite-prerender.ts): for Node, every module bundled, no chunk groups,
 * no manifest, route table or precompression.
 */
const ssrConfig = {
  plugins: [react(), antdFormProviderOnly(), antdUniqueTooltipOnDemand(), zodJitless()],
  ssr: { noExternal: true, target: 'node' },
  // React's and antd's production builds: Vite leaves process.env.NODE_ENV to run time in a server build.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { manifest: false, modulePreload: false, minify: false, copyPublicDir: false },
} satisfies UserConfig;

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A build is a production build even when started from a test run: vitest sets NODE_ENV=test, which would
  // otherwise give the development JSX transform and React's and antd's development builds.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return isSsrBuild ? ssrConfig : config;
});
