#!/usr/bin/env node
// `npm run cli -- <command>`: operator commands (create-admin, migrate, backup, restore). See server/src/cli.ts.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await ensureBuilt();
await import(pathToFileURL(path.join(root, 'server/dist/cli.js')).href);
