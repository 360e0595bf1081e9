import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootstrapIcons } from './vite-icons.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// `npm run dev -w web` talks to a server started with `npm start` (API_TARGET picks another one).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const apiProxy = {
  '/api': { target, changeOrigin: false },
  '/uploads': { target, changeOrigin: false },
};

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at their best
 * levels: the server sends them as they are (`preCompressed` in server/src/http/plugins/web-shell.ts),
 * so the page's scripts and styles travel at a quarter of their size and no request pays for
 * compressing them. Files under 1 KB, and copies that would save under a tenth, are left out.
 */
function precompress(): Plugin {
  let serverBuild = false;
  return {
    name: 'ltf-precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render (entry-server.tsx) is read from disk by the server, never sent.
      serverBuild = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (serverBuild) return;
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (source.length < 1024) continue;
        const file = path.join(options.dir!, fileName);
        const copies = {
          br: brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz: gzipSync(source, { level: 9 }),
        };
        for (const [ext, bytes] of Object.entries(copies)) {
          if (bytes.length < source.length * 0.9) writeFileSync(`${file}.${ext}`, bytes);
        }
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress(), bootstrapIcons(path.join(root, 'src'))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and images stay separate files rather than data: URLs.
    assetsInlineLimit: 0,
    // The first page's one chunk is about 560 KB before compression; its budget (200 KB gzipped for
    // all the JavaScript of a first visit) is checked by bench/first-load.mjs, not by this warning.
    chunkSizeWarningLimit: 640,
    rolldownOptions: {
      output: {
        // Everything the first page imports statically travels as one chunk beside the entry, not as
        // thirty small ones shared with lazy pages: over HTTP/1.1 each file costs a round trip on one
        // of six connections, and on a phone's network those waves delayed the first paint by most
        // of a second. Lazy pages still load only their own code. The icons the first page does not
        // draw (vite-icons.ts) travel together, as one stylesheet that the pages drawing them load with
        // their own code, rather than as a tiny file per icon.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'icons', test: /virtual:bootstrap-icon\// },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
