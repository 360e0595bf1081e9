import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// `npm run dev -w web` talks to a server started with `npm start` (API_TARGET picks another one).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const apiProxy = {
  '/api': { target, changeOrigin: false },
  '/uploads': { target, changeOrigin: false },
};

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and images stay separate files rather than data: URLs.
    assetsInlineLimit: 0,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
