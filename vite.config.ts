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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
});
