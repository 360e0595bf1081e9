#!/usr/bin/env node
// `npm test`: every suite in turn (domain, web, server on SQLite, server on PostgreSQL when
// TEST_DATABASE_URL is set, end-to-end in Chromium), the server on the other Node versions prepared by
// scripts/test-node.mjs when TEST_OTHER_NODES names them, then one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherNodeSuites } from './test-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'ltf-results-'));
const only = process.argv.slice(2);
const pgUrl = process.env.TEST_DATABASE_URL;

const suites = [
  { name: 'domain', kind: 'vitest', cwd: 'domain' },
  { name: 'web', kind: 'vitest', cwd: 'web' },
  { name: 'server (sqlite)', kind: 'vitest', cwd: 'server', env: { TEST_DATABASE_URL: '' } },
  ...(pgUrl
    ? [{ name: 'server (postgres)', kind: 'vitest', cwd: 'server', env: { TEST_DATABASE_URL: pgUrl } }]
    : []),
  { name: 'e2e', kind: 'playwright', cwd: 'e2e' },
  ...otherNodeSuites(),
].filter((s) => !only.length || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
const lines = [];
for (const [i, suite] of suites.entries()) {
  const report = path.join(out, `${i}.json`);
  // A suite on another Node version runs in its own copy of the checkout (scripts/test-node.mjs).
  const base = suite.root ?? root;
  console.log(`\n=== ${suite.name} ===`);
  const bin =
    suite.kind === 'vitest'
      ? [
          path.join(base, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
          ...(suite.args ?? []),
        ]
      : [path.join(base, 'node_modules/@playwright/test/cli.js'), 'test'];
  const env = {
    ...process.env,
    ...suite.env,
    ...(suite.kind === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_NAME: report } : {}),
  };
  if (suite.env?.TEST_DATABASE_URL === '') delete env.TEST_DATABASE_URL;
  const res = spawnSync(suite.node ?? process.execPath, bin, {
    cwd: path.join(base, suite.cwd),
    env,
    stdio: 'inherit',
  });
  let p = 0;
  let f = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    if (suite.kind === 'vitest') {
      p = json.numPassedTests;
      f =
        json.numFailedTests +
        (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
    } else {
      p = json.stats.expected + json.stats.flaky;
      f = json.stats.unexpected + (json.errors?.length ?? 0);
    }
  }
  if (res.status !== 0 && f === 0) f = 1; // a suite that crashed before reporting counts as a failure
  passed += p;
  failed += f;
  lines.push(`${suite.name}: ${p} passed, ${f} failed`);
}
rmSync(out, { recursive: true, force: true });
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
