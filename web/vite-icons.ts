import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the app imports instead of bootstrap-icons' own stylesheet (src/main.tsx): the rule all icons share. */
export const ICONS_MODULE = 'virtual:bootstrap-icons.css';
const RESOLVED = `\0${ICONS_MODULE}`;
/** One icon's rule, `virtual:bootstrap-icon/bi-funnel.css`, imported by each source file that names it. */
export const ICON_MODULE_PREFIX = 'virtual:bootstrap-icon/';
const RESOLVED_ICON = `\0${ICON_MODULE_PREFIX}`;

// A class name as the sources write it: `bi-chevron-up`, whole (a name built from pieces would not
// be found; the build stops on a piece that is no icon).
const ICON_NAME = /\bbi-[a-z0-9]+(?:-[a-z0-9]+)*(?![a-z0-9-]|\$\{)/g;
const PIECE = /\bbi-[a-z0-9-]*\$\{/;

/** The `bi-…` names one source file uses, sorted; `file` names it in the error for a name built from pieces. */
export function iconNamesIn(text: string, file: string): string[] {
  const piece = PIECE.exec(text);
  if (piece) throw new Error(`${file}: an icon name built from pieces (${piece[0]}); write each name whole`);
  return [...new Set(Array.from(text.matchAll(ICON_NAME), (match) => match[0]))].sort();
}

const isAppSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** Every `bi-…` name the app's sources (tests apart) use, sorted. */
export function usedIconNames(srcDir: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (isAppSource(entry.name))
        for (const name of iconNamesIn(readFileSync(file, 'utf8'), file)) names.add(name);
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
 * the script and held back the listing's data and first photo on a phone. Each source file that names
 * icons imports their rules (one small virtual stylesheet per icon), so a rule travels in the
 * stylesheet of the chunk whose code draws it: the home page's stylesheet holds the icons of its own
 * code (about 5 KB compressed), and the admin console's, the shop's and the forms' come with their
 * pages. The rule they all share is imported once by src/main.tsx.
 */
export function bootstrapIcons(srcDir: string): Plugin {
  const iconsDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')),
    'icons',
  );
  const root = path.resolve(srcDir) + path.sep;
  return {
    name: 'ltf-bootstrap-icons',
    // The sources as written, before JSX and TypeScript are compiled away.
    enforce: 'pre',
    resolveId: (id) => (id === ICONS_MODULE || id.startsWith(ICON_MODULE_PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (id === RESOLVED)
        return (
          '.bi::before,[class^="bi-"]::before,[class*=" bi-"]::before{content:"";display:inline-block;' +
          'width:1em;height:1em;vertical-align:-.125em;background-color:currentColor;' +
          'mask:var(--bi) center/contain no-repeat}'
        );
      if (id.startsWith(RESOLVED_ICON))
        return iconRule(id.slice(RESOLVED_ICON.length).replace(/\.css$/, ''), iconsDir);
      return undefined;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(root) || !isAppSource(file)) return undefined;
      const names = iconNamesIn(code, file);
      if (names.length === 0) return undefined;
      // On the first line, so the file's other lines keep their numbers.
      const imports = names.map((name) => `import '${ICON_MODULE_PREFIX}${name}.css';`).join('');
      return { code: imports + code, map: null };
    },
  };
}
