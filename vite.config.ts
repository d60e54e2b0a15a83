import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { IMPORT_ALIASES } from './import-aliases';
import { firstPaint } from './web/build/first-paint';

/** The SPA lives in web/; its build goes to web/dist (served by CloudFront, or by the sandbox). */
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), firstPaint()],
  resolve: { alias: IMPORT_ALIASES },
  server: {
    // /@fs/ serves any file of the repo: keep the sandbox's data (JWT secret, DynamoDB file) and
    // credentials out of reach. Setting deny replaces Vite's defaults, so they are repeated here.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.sandbox/**'] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser es2022 reaches knows <link rel="modulepreload"> (Safari since 17, Firefox since
    // 115): the polyfill Vite would put in the entry is dead weight on the first paint.
    modulePreload: { polyfill: false },
    // The app's first chunk lists every route's chunks by file name (to preload a route's imports
    // with it), so a chunk is named by its hash alone: a kilobyte less to download before the first
    // screen. The source maps still name every module.
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
});
