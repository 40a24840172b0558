import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { keptTapsScript } from './src/app/tap-keeper.ts';

/** The shared rules are TypeScript source in the workspace, so the browser bundles exactly what the server runs. */
export const shopRulesEntry = fileURLToPath(new URL('../shop-rules/src/index.ts', import.meta.url));
const sourceRoot = fileURLToPath(new URL('./src', import.meta.url));
/** The ES build of antd's icons (the package's own map gives Node its CommonJS build). */
const iconsEsEntry = createRequire(import.meta.url)
  .resolve('@ant-design/icons')
  .replace(/lib[\\/]index\.js$/, 'es/index.js');
/** The API server the dev and preview servers forward `/api` to. */
const apiTarget = process.env['API_PROXY_TARGET'] ?? 'http://127.0.0.1:3000';

/** Compressed once here, not on every cold visit: assets over 1 KiB get `.br` and `.gz` beside them when smaller. */
const PRECOMPRESSED = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes each fingerprinted asset's brotli (quality 11) and gzip (level 9) forms beside it. The server sends
 * them as they are to browsers that accept them: compressing the shop's scripts on the fly cost a fresh visitor's
 * first page (the admin's Active Orders: 1.3 MB of scripts) a few hundred milliseconds of the server's time.
 */
function precompress(): Plugin {
  return {
    name: 'brewery-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!output.fileName.startsWith('assets/') || !PRECOMPRESSED.test(output.fileName)) return;
          const bytes = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          if (bytes.length < 1024) return;
          const br = brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          });
          const gz = gzipSync(bytes, { level: 9 });
          const file = join(dir, output.fileName);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The tap keeper (`src/app/tap-keeper.ts`), inlined first in the head of `index.html`: it listens from the first
 * paint, with nothing to fetch. The server allows it by its hash in the Content-Security-Policy.
 */
function inlineTapKeeper(): Plugin {
  return {
    name: 'brewery-tap-keeper',
    transformIndexHtml: () => [{ tag: 'script', children: keptTapsScript(), injectTo: 'head-prepend' }],
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), inlineTapKeeper(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: [
      { find: '@brewery/shop-rules', replacement: shopRulesEntry },
      { find: '@', replacement: sourceRoot },
      // Under Node, the icons' package gives its CommonJS build, which the bundler cannot prune: the server's
      // bundle carried every icon antd has (2.9 MB of source, held in memory once a page was drawn). Its ES
      // build keeps only the icons the pages use.
      ...(isSsrBuild ? [{ find: /^@ant-design\/icons$/, replacement: iconsEsEntry }] : []),
    ],
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  // The server-rendering bundle (`vite build --ssr`) carries its libraries, so the server needs nothing of the
  // frontend's node_modules at run time.
  ssr: { noExternal: true, target: 'node' },
  // The server renders with React's production build whatever NODE_ENV the server runs under.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~250 KB gzip; the budget is watched by the bundle-size figure in the README instead.
    chunkSizeWarningLimit: 1200,
    // The public files are served from dist/ only.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: which chunks a server-rendered page's route needs, to preload them with the HTML.
    manifest: !isSsrBuild,
    // Everything the entry needs (the public pages' code: their routes are in the entry) in one file, not the forty
    // small ones the split made: on a phone 150 ms away, fetching six at a time, the round trips cost more than
    // the bytes. The lazy pages (checkout, order pages, club, admin) keep chunks of their own.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] as const }] } } },
  },
}));
