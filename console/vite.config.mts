import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

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

/**
 * Writes each script and style beside itself compressed with brotli and gzip, at their best, once per
 * build; the server sends the one a browser accepts, and never compresses as it answers.
 */
function precompressed(): Plugin {
  return {
    name: 'tessera-precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file))) {
        const file = join(options.dir!, name);
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The console builds into the server's dist/, which serves it under /console (src/http/console-site.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react(), precompressed()],
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
