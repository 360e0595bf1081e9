import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapIcons, ICON_MODULE_PREFIX, ICONS_MODULE, usedIconNames } from '../../vite-icons.ts';

// The icons' stylesheet is built from the names the sources use (vite-icons.ts): each must get its rule.
const srcDir = path.resolve(__dirname, '..');
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** The plugin's hooks, called as Vite calls them. */
function hooks(dir: string) {
  const plugin = bootstrapIcons(dir);
  const resolve = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (id: string) => string | undefined;
  const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  return {
    css: (id: string) => load(resolve(id)!)!,
    transform: (code: string, file: string) => transform(code, file)?.code,
  };
}

/** Every icon's rule as the build writes them, and the shared one. */
function iconsCss(dir: string): string {
  const { css } = hooks(dir);
  return [
    css(ICONS_MODULE),
    ...usedIconNames(dir).map((name) => css(`${ICON_MODULE_PREFIX}${name}.css`)),
  ].join('\n');
}

describe('the icons stylesheet', () => {
  it("has a mask rule for every icon the app names, the Categories toggle's chevrons included", () => {
    const names = usedIconNames(srcDir);
    expect(names).toEqual(
      expect.arrayContaining(['bi-funnel', 'bi-chevron-up', 'bi-chevron-down', 'bi-flag']),
    );
    const css = iconsCss(srcDir);
    for (const name of names) expect(css, name).toContain(`.${name}{--bi:url("data:image/svg+xml,%3Csvg`);
    expect(css).toContain('mask:var(--bi)');
    expect(css).not.toMatch(/[^.]bi-123\b/);
  });

  it('makes each source file import the rules of the icons it names, so they travel with its chunk', () => {
    const { transform } = hooks(srcDir);
    const file = path.join(srcDir, 'features', 'x', 'Thing.tsx');
    const code =
      "import a from 'a';\nconst c = open ? 'bi bi-chevron-up' : 'bi bi-chevron-down bi-chevron-up';\n";
    expect(transform(code, `${file}?v=1`)).toBe(
      `import '${ICON_MODULE_PREFIX}bi-chevron-down.css';import '${ICON_MODULE_PREFIX}bi-chevron-up.css';${code}`,
    );
    expect(transform("const c = 'no icons';\n", file)).toBeUndefined();
    expect(transform(code, path.join(srcDir, 'features', 'x', 'Thing.test.tsx'))).toBeUndefined();
    expect(transform(code, path.join(srcDir, '..', 'node_modules', 'x', 'index.ts'))).toBeUndefined();
  });

  it('stops on a name built from pieces, and on a name that is no icon', () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'ltf-icons-'));
    mkdirSync(path.join(scratch, 'a'));
    writeFileSync(
      path.join(scratch, 'a', 'Piece.tsx'),
      'const c = `bi bi-chevron-${open ? "up" : "down"}`;\n',
    );
    expect(() => usedIconNames(scratch!)).toThrow(/built from pieces/);
    writeFileSync(path.join(scratch, 'a', 'Piece.tsx'), "const c = 'bi bi-no-such-icon-here';\n");
    expect(() => iconsCss(scratch!)).toThrow(/bi-no-such-icon-here is not a Bootstrap icon/);
  });
});
