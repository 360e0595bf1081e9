#!/usr/bin/env node
// `npm run bench:a11y`: the accessibility of every account page at phone width. Starts the demo server as
// the other front-end benches do (bench/public-pages.mjs: the built app, the demo data in a fresh DATA_DIR),
// signs in one demo account per role through the API (the admin enrols in two-factor sign-in first, as the
// e2e global setup does, so the console opens), and audits each page of that role's account menu
// (web/src/app/accountMenu.ts), the console's sections (web/src/features/admin/sections.ts), the forms those
// pages link to, and the guest pages (sign in, register, forgotten password), at 390×844 on a phone:
//   - Lighthouse 12.8.2 (the root package.json), the accessibility category, mobile form factor;
//   - axe-core (axe.source injected into the page by Playwright, connected to the same Chromium), every
//     rule axe runs by default, violations grouped by impact.
// Target (docs/performance.md): accessibility 100 and no serious or critical axe violation on every page; the
// exit code is 1 when a page misses it. Results: a table printed, and bench/results/a11y-<date>.json.
// Options: `--only=<part of a path>` audits the pages whose path contains it (a run that is not written).
/* global fetch, axe, document, localStorage, sessionStorage */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import axeCore from 'axe-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Secret, TOTP } from 'otpauth';
import prettier from 'prettier';
import { ensureBuilt } from '../scripts/build.mjs';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { loadDomain, loadSource } from './domain.mjs';
import { startDemoServer } from './public-pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv
  .slice(2)
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length);

/** The phone the pages are audited at: Lighthouse's mobile form factor at 390×844 CSS pixels. */
const PHONE = { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false };
const TARGET = { lighthouse: 100, failingImpacts: ['serious', 'critical'] };
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];

/** The demo accounts (server/src/demo/seed-demo*.ts; one password for all). */
const DEMO_PASSWORD = 'Demo-pass-1';
const ROLES = [
  { role: 'hobbyist', email: 'hobbyist@demo.test', extra: ['/profile/edit', ':conversation'] },
  // A provider with ads, places and a package (the demo's `provider@demo.test` has none of them).
  { role: 'provider', email: 'provider01@demo.test', extra: ['/ads/submit', '/place/add'] },
  { role: 'vendor', email: 'vendor@demo.test', extra: ['/products/add'] },
  { role: 'admin', email: 'admin@demo.test', twoFactor: true, extra: [':user'] },
];
const GUEST_PAGES = ['/login', '/register', '/forgotPassword'];

async function api(base, method, url, { jwt, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A session of a demo account: the password, and for the admin the two-factor enrolment an admin makes
 * on the first visit to /admin (its answer is a session given a code, which the console asks for).
 */
async function signIn(base, { email, twoFactor }) {
  let { jwt } = await api(base, 'POST', '/api/auth/local', {
    body: { identifier: email, password: DEMO_PASSWORD },
  });
  if (twoFactor) {
    const { TWO_FACTOR } = await loadDomain();
    const { secret } = await api(base, 'POST', '/api/auth/2fa/setup', { jwt });
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), period: TWO_FACTOR.periodSeconds });
    ({ jwt } = await api(base, 'POST', '/api/auth/2fa/enable', { jwt, body: { code } }));
  }
  const user = await api(base, 'GET', '/api/users/me?populate=*', { jwt });
  return { jwt, user };
}

/** A role's pages: its account menu, the forms it links to, and pages of one record found through the API. */
async function pagesOf(base, account, session, userIds) {
  const { getAccountMenuItems, isAdminRole } = await loadSource('web/src/app/accountMenu.ts');
  const isAdmin = isAdminRole(session.user.role);
  const paths = getAccountMenuItems(session.user.user_type ?? null, { isAdmin })
    .map((item) => item.to)
    .filter((to) => to !== '/admin');
  if (isAdmin) {
    const { ADMIN_SECTIONS } = await loadSource('web/src/features/admin/sections.ts');
    paths.push(...ADMIN_SECTIONS.map((section) => section.to));
  }
  for (const extra of account.extra) {
    if (extra === ':conversation') {
      const { data } = await api(base, 'GET', '/api/conversations', { jwt: session.jwt });
      if (data?.[0]) paths.push(`/messages/${data[0].id}`);
      else console.warn(`[a11y] ${account.email} has no conversation: /messages/:id not audited`);
    } else if (extra === ':user') {
      // The demo hobbyist's account page in the console.
      paths.push(`/admin/users/${userIds.get(ROLES[0].email)}`);
    } else {
      paths.push(extra);
    }
  }
  return paths;
}

/** Lighthouse's accessibility category of `url` at phone width, in the browser's storage as it stands. */
async function lighthouseAudit(chromePort, url) {
  const { lhr } = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility'],
    formFactor: 'mobile',
    screenEmulation: PHONE,
    // The signed-in session lives in localStorage: Lighthouse would clear it before loading the page.
    disableStorageReset: true,
  });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const category = lhr.categories.accessibility;
  const failing = category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => ({
      id: a.id,
      title: a.title,
      nodes: (a.details?.items ?? []).slice(0, 5).map((i) => i.node?.selector ?? i.node?.snippet ?? ''),
    }));
  return { score: Math.round(category.score * 100), failing, version: lhr.lighthouseVersion };
}

/** axe-core's violations on the page open at `url`, once the app has run and the network settled. */
async function axeAudit(page, url) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // Evaluated through the DevTools protocol, which the site's Content-Security-Policy does not govern.
  await page.evaluate(axeCore.source);
  const violations = await page.evaluate(async () => {
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  const byImpact = Object.fromEntries(
    IMPACTS.map((impact) => [impact, violations.filter((v) => v.impact === impact).length]),
  );
  return { violations, byImpact, landedOn: new URL(page.url()).pathname };
}

/** Puts a role's session (or none) and the accepted first-visit disclaimer into the site's localStorage. */
async function storeSession(page, base, session) {
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((s) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('disclaimerbox', 'true');
    if (s) {
      localStorage.setItem('token', s.jwt);
      localStorage.setItem('userid', String(s.user.id));
      localStorage.setItem('user', JSON.stringify(s.user));
    }
  }, session);
}

await ensureBuilt();
const server = await startDemoServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_ARGS,
});
const results = [];
let lighthouseVersion;
try {
  // Playwright drives the browser Lighthouse audits in: the default context, whose storage both share.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: PHONE.width,
    height: PHONE.height,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    mobile: PHONE.mobile,
  });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  const plan = [{ role: 'guest', session: null, paths: GUEST_PAGES }];
  const userIds = new Map();
  for (const account of ROLES) {
    const session = await signIn(server.base, account);
    userIds.set(account.email, session.user.id);
    plan.push({ role: account.role, session, paths: await pagesOf(server.base, account, session, userIds) });
  }
  for (const { role, session, paths } of plan) {
    const chosen = paths.filter((p) => !only || p.includes(only));
    if (!chosen.length) continue;
    await storeSession(page, server.base, session);
    for (const pagePath of chosen) {
      const url = `${server.base}${pagePath}`;
      const axeResult = await axeAudit(page, url);
      const lh = await lighthouseAudit(chrome.port, url);
      lighthouseVersion = lh.version;
      const serious = axeResult.violations.filter((v) => TARGET.failingImpacts.includes(v.impact));
      const entry = {
        role,
        path: pagePath,
        landedOn: axeResult.landedOn,
        lighthouse: lh.score,
        axe: axeResult.byImpact,
        meetsTarget: lh.score >= TARGET.lighthouse && serious.length === 0 && axeResult.landedOn === pagePath,
        lighthouseFailing: lh.failing,
        axeViolations: axeResult.violations,
      };
      results.push(entry);
      console.warn(
        `[a11y] ${role} ${pagePath}: Lighthouse ${lh.score}, axe ${IMPACTS.map((i) => `${entry.axe[i]} ${i}`).join(', ')}`,
      );
    }
  }
  await browser.close();
} finally {
  await chrome.kill();
  await server.stop();
}

console.log('| role | page | Lighthouse | axe critical | serious | moderate | minor | met |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const a = r.axe;
  console.log(
    `| ${r.role} | ${r.path}${r.landedOn !== r.path ? ` (→ ${r.landedOn})` : ''} | ${r.lighthouse} | ${a.critical} | ${a.serious} | ${a.moderate} | ${a.minor} | ${r.meetsTarget ? 'yes' : 'NO'} |`,
  );
  for (const f of r.lighthouseFailing)
    console.log(`  Lighthouse ${f.id}: ${f.title} (${f.nodes.join('; ')})`);
  for (const v of r.axeViolations)
    console.log(`  axe ${v.impact} ${v.id}: ${v.help} ×${v.nodes} (${v.targets.join('; ')})`);
}
const met = results.every((r) => r.meetsTarget);
console.log(
  `Accessibility at ${PHONE.width}×${PHONE.height}: ${results.filter((r) => r.meetsTarget).length} of ${results.length} pages at Lighthouse 100 without a serious or critical axe violation: ${met ? 'met' : 'MISSED'}`,
);
if (!only) {
  const date = new Date().toISOString();
  const report = {
    date,
    viewport: `${PHONE.width}x${PHONE.height}`,
    lighthouseVersion,
    axeVersion: axeCore.version,
    target: TARGET,
    met,
    pages: results,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `a11y-${date.slice(0, 16).replace(':', '')}.json`);
  // Formatted as the repository's check wants it, so a recorded run leaves a clean tree.
  const settings = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(report), { ...settings, parser: 'json' }));
  console.log(`Written: ${path.relative(process.cwd(), file)}`);
}
if (!met) process.exitCode = 1;
