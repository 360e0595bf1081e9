import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Dates shown in the reader's time zone read the same on every machine (a test may set another).
    env: { TZ: 'UTC' },
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
