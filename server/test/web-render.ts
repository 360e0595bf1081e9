import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageRenderer } from '../src/http/plugins/server-render.ts';

/** The shell as the build writes it, with what the tests look for: its title, description and root. */
export const RENDER_SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Live the Fantasy! A directory and online store for adults." />' +
  '<title>Live the Fantasy!</title><script type="module" src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A built web app's folder holding `shell` as its index.html and the web app's public files (the
 * previews' picture), and no server render beside it.
 */
export function webDistWith(shell: string): string {
  const webDist = path.join(mkdtempSync(path.join(tmpdir(), 'ltf-web-')), 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), shell);
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  cpSync(path.resolve(here, '../../web/public'), webDist, { recursive: true });
  return webDist;
}

/**
 * The web app's own server render (web/src/entry-server.tsx) from its sources, as the build makes it:
 * the tests render pages with the real routes and components.
 */
export async function webRenderer(): Promise<PageRenderer> {
  const file = path.resolve(here, '../../web/src/entry-server.tsx');
  return (await import(/* @vite-ignore */ file)) as PageRenderer;
}
