import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The console builds into the server's dist/, which serves it under /console (src/http/console-site.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // The charts load only with the dashboard; the rest is one bundle the browser caches for a year.
    chunkSizeWarningLimit: 2500,
  },
});
