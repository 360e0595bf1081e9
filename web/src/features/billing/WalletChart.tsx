import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import type { ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatMoney, MESSAGES } from '@app/domain';
import type { WalletMonth } from './api.ts';
import { formatMonth } from '../../lib/dates.ts';

const T = MESSAGES.wallet;

// Only what a bar chart needs, so the chunk stays small (Chart.js tree-shakes the rest).
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

const INCOME_COLOR = '#2f9e6f';
const EXPENSES_COLOR = '#f0883e';

const OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { position: 'bottom' },
    tooltip: {
      callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(Number(item.raw))}` },
    },
  },
  scales: {
    y: { beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } },
  },
};

/**
 * Income and expenses per month (`GET /api/wallet` `months`, oldest first) as a bar chart. Loaded
 * only by My Wallet (lazy import), so Chart.js stays out of every other page's bundle. The numbers
 * are also in a table for screen readers.
 */
export default function WalletChart({ months }: { months: WalletMonth[] }) {
  const labels = months.map((m) => formatMonth(m.month));
  const data = {
    labels,
    datasets: [
      { label: T.chartIncome, data: months.map((m) => m.income), backgroundColor: INCOME_COLOR },
      { label: T.chartExpenses, data: months.map((m) => m.expenses), backgroundColor: EXPENSES_COLOR },
    ],
  };
  return (
    <>
      <div className="wallet-chart">
        <Bar data={data} options={OPTIONS} aria-hidden="true" />
      </div>
      <table className="visually-hidden">
        <caption>{T.chart}</caption>
        <thead>
          <tr>
            <th scope="col">{T.month}</th>
            <th scope="col">{T.chartIncome}</th>
            <th scope="col">{T.chartExpenses}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m, index) => (
            <tr key={m.month}>
              <th scope="row">{labels[index]}</th>
              <td>{formatMoney(m.income)}</td>
              <td>{formatMoney(m.expenses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
