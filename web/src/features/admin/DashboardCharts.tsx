import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Bar, Line } from 'react-chartjs-2';
import { formatMoney, MESSAGES } from '@app/domain';
import { formatMonth, formatWeek } from '../../lib/dates.ts';
import { usePrefersReducedMotion } from '../../ui/usePrefersReducedMotion.ts';
import type { Dashboard } from './dashboardApi.ts';

const D = MESSAGES.dashboard;
const CHART_TABLE = MESSAGES.adminConsole.dashboard.chartTable;

// Only what bars and a line need (Chart.js tree-shakes the rest); this module is loaded by the
// Dashboard alone (lazy import), so Chart.js stays inside the console's chunks.
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend);

const ACCOUNT_TYPES = ['Hobbyist', 'Provider', 'Vender'] as const;
const SOURCES = ['subscriptions', 'orders', 'tips'] as const;

const TYPE_COLORS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  Hobbyist: '#4c6ef5',
  Provider: '#f0883e',
  Vender: '#2f9e6f',
};
/** Verified in the source's full colour, pending in its light shade. */
const SOURCE_COLORS: Record<(typeof SOURCES)[number], { verified: string; pending: string }> = {
  subscriptions: { verified: '#f0883e', pending: '#f8c49f' },
  orders: { verified: '#2f9e6f', pending: '#97ceb7' },
  tips: { verified: '#7950f2', pending: '#bca8f8' },
};

/**
 * How the charts move. A chart draws itself growing from zero once, unless the viewer asked for less
 * motion (then nothing moves at all, hover included). A new answer (the Dashboard asks every minute)
 * is drawn at once (`updateMode="none"` below): Chart.js would otherwise slide each bar from its old
 * place to its new one, and when a week or a month begins every bar moves one slot over, showing for a
 * moment the wrong period's numbers over each label.
 */
const MOTION = { animation: { duration: 400 } } as const;
const STILL = { animation: false } as const;
const UPDATE_MODE = 'none';

const SIGNUP_OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { position: 'bottom' } },
  scales: {
    x: { stacked: true },
    y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
  },
};

const REVENUE_OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { position: 'bottom' },
    tooltip: {
      callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(Number(item.raw))}` },
    },
  },
  scales: {
    x: { stacked: true },
    y: { stacked: true, beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } },
  },
};

const LINE_OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
};

/** A chart in a card, with its numbers also as a table for screen readers. */
function ChartCard({
  title,
  chart,
  head,
  rows,
}: {
  title: string;
  chart: ReactNode;
  head: string[];
  rows: { label: string; cells: string[] }[];
}) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {title}
        </Card.Title>
        <div className="admin-chart" aria-hidden="true">
          {chart}
        </div>
        {/* A table ignores the 1 px box of .visually-hidden, so its wrapper hides it. */}
        <div className="visually-hidden">
          <table>
            <caption>
              {title} ({CHART_TABLE})
            </caption>
            <thead>
              <tr>
                {head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * The Dashboard's charts: sign-ups per week by account type (stacked bars), revenue
 * per month by source with verified and pending stacked per source, and public ads per week (a line).
 */
export default function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const reduceMotion = usePrefersReducedMotion();
  const options = useMemo(() => {
    const motion = reduceMotion ? STILL : MOTION;
    return {
      signups: { ...SIGNUP_OPTIONS, ...motion },
      revenue: { ...REVENUE_OPTIONS, ...motion },
      line: { ...LINE_OPTIONS, ...motion },
    };
  }, [reduceMotion]);
  const { signups, revenue, public_ads: publicAds } = dashboard;

  const signupLabels = signups.map((week) => formatWeek(week.week));
  const signupData = {
    labels: signupLabels,
    datasets: ACCOUNT_TYPES.map((type) => ({
      label: D.series[type],
      data: signups.map((week) => week[type]),
      backgroundColor: TYPE_COLORS[type],
    })),
  };

  const monthLabels = revenue.map((month) => formatMonth(month.month));
  const revenueSeries = SOURCES.flatMap((source) =>
    (['verified', 'pending'] as const).map((state) => ({
      label: `${D.series[source]} (${D.series[state]})`,
      data: revenue.map((month) => month[source][state]),
      backgroundColor: SOURCE_COLORS[source][state],
      stack: source,
    })),
  );
  const revenueData = { labels: monthLabels, datasets: revenueSeries };

  const adLabels = publicAds.map((week) => formatWeek(week.week));
  const adData = {
    labels: adLabels,
    datasets: [
      {
        label: D.charts.publicAds,
        data: publicAds.map((week) => week.count),
        borderColor: '#f0883e',
        backgroundColor: '#f0883e',
        tension: 0.2,
      },
    ],
  };

  return (
    <Row className="g-3">
      <Col xl={6}>
        <ChartCard
          title={D.charts.signups}
          chart={<Bar data={signupData} options={options.signups} updateMode={UPDATE_MODE} />}
          head={[D.week, ...ACCOUNT_TYPES.map((type) => D.series[type])]}
          rows={signups.map((week, index) => ({
            label: signupLabels[index] ?? week.week,
            cells: ACCOUNT_TYPES.map((type) => String(week[type])),
          }))}
        />
      </Col>
      <Col xl={6}>
        <ChartCard
          title={D.charts.revenue}
          chart={<Bar data={revenueData} options={options.revenue} updateMode={UPDATE_MODE} />}
          head={[D.month, ...revenueSeries.map((series) => series.label)]}
          rows={revenue.map((month, index) => ({
            label: monthLabels[index] ?? month.month,
            cells: revenueSeries.map((series) => formatMoney(series.data[index] ?? 0)),
          }))}
        />
      </Col>
      <Col xl={6}>
        <ChartCard
          title={D.charts.publicAds}
          chart={<Line data={adData} options={options.line} updateMode={UPDATE_MODE} />}
          head={[D.week, D.series.publicAds]}
          rows={publicAds.map((week, index) => ({
            label: adLabels[index] ?? week.week,
            cells: [String(week.count)],
          }))}
        />
      </Col>
    </Row>
  );
}
