import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the app imports instead of bootstrap-icons' own stylesheet (src/main.tsx). */
export const ICONS_MODULE = 'virtual:bootstrap-icons.css';
const RESOLVED = `\0${ICONS_MODULE}`;

// A class name as the sources write it: `bi-chevron-up`, whole (a name built from pieces would not
// be found; the build stops on a piece that is no icon).
const ICON_NAME = /\bbi-[a-z0-9]+(?:-[a-z0-9]+)*(?![a-z0-9-]|\$\{)/g;
const PIECE = /\bbi-[a-z0-9-]*\$\{/;

/** Every `bi-…` name the app's sources (tests apart) use, sorted. */
export function usedIconNames(srcDir: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(file, 'utf8');
        const piece = PIECE.exec(text);
        if (piece)
          throw new Error(`${file}: an icon name built from pieces (${piece[0]}); write each name whole`);
        for (const match of text.matchAll(ICON_NAME)) names.add(match[0]);
      }
    }
  };
  walk(srcDir);
  return [...names].sort();
}

/** One icon's rule: its SVG (bootstrap-icons/icons/<name>.svg) as a mask painted in the text colour. */
function iconRule(name: string, iconsDir: string): string {
  const file = path.join(iconsDir, `${name.slice('bi-'.length)}.svg`);
  let svg: string;
  try {
    svg = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${name} is not a Bootstrap icon (no ${file})`);
  }
  const compact = svg
    .replace(/\s+(width|height|fill|class)="[^"]*"/g, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/"/g, "'");
  // Quoted in the CSS: only what a data URL cannot hold as it is needs escaping.
  const url = `data:image/svg+xml,${compact.replace(/[%#<>]/g, encodeURIComponent)}`;
  return `.${name}{--bi:url("${url}")}`;
}

/**
 * Bootstrap's icons as the app uses them, without the icon font: only the icons named in the sources,
 * each an SVG drawn as a CSS mask in the current text colour, the same size and baseline as the font's
 * glyphs. The font (135 KB, every one of its 2,000 icons) was the first page's largest download after
 * the script and held back the listing's data and first photo on a phone; these rules travel inside
 * the page's stylesheet (about 15 KB compressed) and draw at once.
 */
export function bootstrapIcons(srcDir: string): Plugin {
  const iconsDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')),
    'icons',
  );
  return {
    name: 'ltf-bootstrap-icons',
    resolveId: (id) => (id === ICONS_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const base =
        '.bi::before,[class^="bi-"]::before,[class*=" bi-"]::before{content:"";display:inline-block;' +
        'width:1em;height:1em;vertical-align:-.125em;background-color:currentColor;' +
        'mask:var(--bi) center/contain no-repeat}';
      return [base, ...usedIconNames(srcDir).map((name) => iconRule(name, iconsDir))].join('\n');
    },
  };
}
