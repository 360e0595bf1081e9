import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnsTable } from './ColumnsTable.tsx';

describe('ColumnsTable', () => {
  it('heads the body with a column header per column, in order, a class where given', () => {
    render(
      <ColumnsTable columns={['Date', { label: 'Amount', className: 'text-end' }]} className="billing-table">
        <tr>
          <td>Nov 1</td>
          <td>$5.00</td>
        </tr>
      </ColumnsTable>,
    );
    const table = screen.getByRole('table');
    expect(table.className).toContain('billing-table');
    expect(table.parentElement!.className).toContain('table-responsive');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Date', 'Amount']);
    expect(headers.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(headers[0]!.getAttribute('class')).toBeNull();
    expect(headers[1]!.className).toBe('text-end');
    const body = table.querySelector('tbody')!;
    expect(within(body).getByText('$5.00')).toBeTruthy();
  });
});
