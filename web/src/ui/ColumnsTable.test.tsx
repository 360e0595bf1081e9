import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardsOnPhone, ColumnsTable } from './ColumnsTable.tsx';
import type { TableColumn } from './ColumnsTable.tsx';

interface Payment {
  id: number;
  day: string;
  amount: string;
  note: string | null;
}

const ROWS: Payment[] = [
  { id: 7, day: 'Nov 1', amount: '$5.00', note: 'First' },
  { id: 9, day: 'Nov 2', amount: '$7.50', note: null },
];

function columns(onRefund: (id: number) => void): TableColumn<Payment>[] {
  return [
    { label: 'Date', rowHeader: true, cell: (p) => p.day },
    { label: 'Amount', className: 'text-end', cell: (p) => p.amount },
    { label: 'Note', cell: (p) => p.note },
    { label: '#', cell: (_, index) => index + 1 },
    {
      label: 'Action',
      cell: (p) => (
        <button type="button" onClick={() => onRefund(p.id)}>
          Refund {p.id}
        </button>
      ),
    },
  ];
}

describe('ColumnsTable', () => {
  it('heads the table with a column header per column, in order, a class where given', () => {
    render(<ColumnsTable columns={columns(vi.fn())} rows={ROWS} rowKey={(p) => p.id} className="wallet" />);
    const table = screen.getByRole('table');
    expect(table.className).toContain('wallet');
    // The box that scrolls a wide table on a desktop and makes cards of its rows on a phone.
    expect(table.parentElement!.className).toBe('columns-table table-responsive');
    const headers = within(table.querySelector('thead')!).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Date', 'Amount', 'Note', '#', 'Action']);
    expect(headers.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col', 'col']);
    expect(headers[0]!.getAttribute('class')).toBeNull();
    expect(headers[1]!.className).toBe('text-end');
  });

  it("names every cell by its column (the card's label on a phone), a row per item in order", () => {
    render(<ColumnsTable columns={columns(vi.fn())} rows={ROWS} rowKey={(p) => p.id} />);
    const rows = within(screen.getByRole('table').querySelector('tbody')!).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cells = [...rows[0]!.children] as HTMLElement[];
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Date', 'Amount', 'Note', '#', 'Action']);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Nov 1', '$5.00', 'First', '1', 'Refund 7']);
    // The row's header cell names the row; the others are plain cells with the column's class.
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Nov 1');
    expect(within(rows[0]!).getByRole('rowheader').getAttribute('scope')).toBe('row');
    expect(cells[1]!.tagName).toBe('TD');
    expect(cells[1]!.className).toBe('text-end');
    expect([...rows[1]!.children].map((cell) => cell.textContent)).toEqual([
      'Nov 2',
      '$7.50',
      '',
      '2',
      'Refund 9',
    ]);
  });

  it('marks an empty cell, which a phone card leaves out', () => {
    render(<ColumnsTable columns={columns(vi.fn())} rows={ROWS} rowKey={(p) => p.id} />);
    const [first, second] = within(screen.getByRole('table').querySelector('tbody')!).getAllByRole('row');
    const note = (row: HTMLElement) => row.querySelector<HTMLElement>('[data-label="Note"]')!;
    expect(note(first!).className).toBe('');
    expect(note(second!).className).toBe('columns-table__empty');
    // 0 is a value, not an empty cell.
    render(
      <ColumnsTable columns={[{ label: 'Count', cell: (n: number) => n }]} rows={[0]} rowKey={(n) => n} />,
    );
    expect(screen.getAllByRole('table')[1]!.querySelector('[data-label="Count"]')!.className).toBe('');
  });

  it("keeps a row's actions working and gives its <tr> what rowAttributes answers", () => {
    const onRefund = vi.fn();
    render(
      <ColumnsTable
        columns={columns(onRefund)}
        rows={ROWS}
        rowKey={(p) => p.id}
        rowAttributes={(p, index) => ({
          className: index === 0 ? 'first' : undefined,
          'data-testid': `p-${p.id}`,
        })}
      />,
    );
    expect(screen.getByTestId('p-7').className).toBe('first');
    fireEvent.click(within(screen.getByTestId('p-9')).getByRole('button', { name: 'Refund 9' }));
    expect(onRefund).toHaveBeenCalledWith(9);
  });

  it('gives a table laid out by hand the same cards (CardsOnPhone)', () => {
    render(
      <CardsOnPhone>
        <table>
          <tbody>
            <tr>
              <td data-label="User">vera</td>
            </tr>
          </tbody>
        </table>
      </CardsOnPhone>,
    );
    expect(screen.getByRole('table').parentElement!.className).toBe('columns-table');
  });
});
