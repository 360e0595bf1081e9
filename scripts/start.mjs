#!/usr/bin/env node
// `npm start` (and `npm run demo`): build when sources changed, then run the server in this process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  await ensureBuilt();
} catch (err) {
  console.error(err.message ?? err);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
