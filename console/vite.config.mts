import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Libraries the first page needs whole, in a chunk of their own: they change seldom, so the browser
 * keeps them cached across console releases. Libraries used in part (MUI, react-admin) are left to the
 * bundler, which puts what the first page uses in its chunk and the rest (form inputs, the charts) with
 * the pages that load it on their first visit; naming a chunk for them would pull all of that in.
 */
const VENDOR_CHUNKS: [string, RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//],
  ['emotion', /\/node_modules\/(@emotion\/[^/]+|stylis)\//],
];

/** The console builds into the server's dist/, which serves it under /console (src/http/console-site.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // The first page's own chunk and the dashboard's charts are each a little over Vite's 500 kB.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        manualChunks: (id) => VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0],
      },
    },
  },
});
