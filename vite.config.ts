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
  },
});
