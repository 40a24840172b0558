import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The shared rules are TypeScript source in the workspace, so the browser bundles exactly what the server runs. */
export const shopRulesEntry = fileURLToPath(new URL('../shop-rules/src/index.ts', import.meta.url));
const sourceRoot = fileURLToPath(new URL('./src', import.meta.url));
/** The API server the dev and preview servers forward `/api` to. */
const apiTarget = process.env['API_PROXY_TARGET'] ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: { '@brewery/shop-rules': shopRulesEntry, '@': sourceRoot },
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
  },
}));
