import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapIcons, ICONS_MODULE, usedIconNames } from '../../vite-icons.ts';

// The icons' stylesheet is built from the names the sources use (vite-icons.ts): each must get its rule.
const srcDir = path.resolve(__dirname, '..');
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

function iconsCss(dir: string): string {
  const plugin = bootstrapIcons(dir);
  const resolve = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (id: string) => string | undefined;
  return load(resolve(ICONS_MODULE)!)!;
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
