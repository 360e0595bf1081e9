import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollingTable } from './ScrollingTable.tsx';

/** Boxes `scrollWidth` wide inside `clientWidth`, and a ResizeObserver that only has to exist. */
function layout(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

function renderTable() {
  return render(
    <ScrollingTable label="Decisions" size="sm">
      <tbody>
        <tr>
          <td>cell</td>
        </tr>
      </tbody>
    </ScrollingTable>,
  );
}

describe('ScrollingTable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('makes a table wider than its box a named region in the tab order', () => {
    layout(800, 390);
    renderTable();
    const region = screen.getByRole('region', { name: 'Decisions' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('table-responsive');
    expect(region.querySelector('table')?.className).toContain('table-sm');
  });

  it('adds no tab stop to a table that fits', () => {
    layout(390, 390);
    const { container } = renderTable();
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('.table-responsive')?.hasAttribute('tabindex')).toBe(false);
  });
});
