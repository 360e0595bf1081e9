import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { formatWeek } from '../../lib/dates.ts';
import DashboardCharts from './DashboardCharts.tsx';
import type { Dashboard } from './dashboardApi.ts';

interface ChartProps {
  data: { labels: string[]; datasets: { label: string; data: number[]; stack?: string }[] };
  options: { animation?: unknown };
  updateMode?: string;
}
const charts: { kind: string; props: ChartProps }[] = [];

// jsdom has no canvas: the chart components record what they were given.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: ChartProps) => {
    charts.push({ kind: 'bar', props });
    return null;
  },
  Line: (props: ChartProps) => {
    charts.push({ kind: 'line', props });
    return null;
  },
}));

const D = MESSAGES.dashboard;

const DASHBOARD: Dashboard = {
  queues: { ads: 0, places: 0, verifications: 0, payments: 0, reports: 0 },
  signups: [
    { week: '2026-11-09', Hobbyist: 1, Provider: 0, Vender: 2 },
    { week: '2026-11-16', Hobbyist: 2, Provider: 1, Vender: 0 },
  ],
  revenue: [
    {
      month: '2026-11',
      subscriptions: { verified: 50, pending: 10 },
      orders: { verified: 0, pending: 25 },
      tips: { verified: 3, pending: 0 },
    },
  ],
  public_ads: [{ week: '2026-11-16', count: 7 }],
  mail: { waiting: 0, failed: 0 },
};

describe('DashboardCharts', () => {
  it('draws sign-ups stacked by account type, revenue by source in dollars and public ads as a line', () => {
    charts.length = 0;
    render(<DashboardCharts dashboard={DASHBOARD} />);

    const [signups, revenue, ads] = charts.slice(-3);
    expect(signups?.kind).toBe('bar');
    expect(signups?.props.data.datasets.map((set) => set.label)).toEqual([
      D.series.Hobbyist,
      D.series.Provider,
      D.series.Vender,
    ]);
    expect(signups?.props.data.datasets[2]?.data).toEqual([2, 0]);

    expect(revenue?.kind).toBe('bar');
    const sets = revenue?.props.data.datasets ?? [];
    expect(sets).toHaveLength(6);
    expect(sets[0]).toMatchObject({
      label: `${D.series.subscriptions} (${D.series.verified})`,
      data: [50],
      stack: 'subscriptions',
    });
    expect(sets[1]).toMatchObject({ label: `${D.series.subscriptions} (${D.series.pending})`, data: [10] });
    expect(sets[3]).toMatchObject({
      label: `${D.series.orders} (${D.series.pending})`,
      data: [25],
      stack: 'orders',
    });
    expect(sets[4]).toMatchObject({ label: `${D.series.tips} (${D.series.verified})`, data: [3] });

    expect(ads?.kind).toBe('line');
    expect(ads?.props.data.datasets[0]?.data).toEqual([7]);
    expect(ads?.props.data.labels).toEqual([formatWeek('2026-11-16')]);
  });

  it('gives screen readers every chart as a table', () => {
    render(<DashboardCharts dashboard={DASHBOARD} />);
    const table = screen.getByRole('table', {
      name: `${D.charts.signups} (${MESSAGES.adminConsole.dashboard.chartTable})`,
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      screen.getByRole('table', {
        name: `${D.charts.revenue} (${MESSAGES.adminConsole.dashboard.chartTable})`,
      }).textContent,
    ).toContain('$50.00');
    expect(
      screen.getByRole('table', {
        name: `${D.charts.publicAds} (${MESSAGES.adminConsole.dashboard.chartTable})`,
      }).textContent,
    ).toContain('7');
  });

  it('draws a new answer at once: no bar slides from its old month or week to its new one', () => {
    charts.length = 0;
    const { rerender } = render(<DashboardCharts dashboard={DASHBOARD} />);
    // The next answer: a week later, every bar one slot to the left.
    const later: Dashboard = {
      ...DASHBOARD,
      signups: [DASHBOARD.signups[1]!, { week: '2026-11-23', Hobbyist: 0, Provider: 0, Vender: 1 }],
    };
    rerender(<DashboardCharts dashboard={later} />);
    expect(charts.length).toBeGreaterThanOrEqual(6);
    for (const chart of charts) expect(chart.props.updateMode).toBe('none');
    // Without a wish for less motion, the first drawing may still grow from zero.
    for (const chart of charts) expect(chart.props.options.animation).not.toBe(false);
  });

  it('moves nothing at all for a viewer who asked for less motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      charts.length = 0;
      render(<DashboardCharts dashboard={DASHBOARD} />);
      expect(charts).toHaveLength(3);
      for (const chart of charts) {
        expect(chart.props.options.animation).toBe(false);
        expect(chart.props.updateMode).toBe('none');
      }
    } finally {
      window.matchMedia = original;
    }
  });

  it('writes a week as its Monday', () => {
    expect(formatWeek('2026-11-16')).toBe('Nov 16');
    expect(formatWeek('bad')).toBe('bad');
  });
});
