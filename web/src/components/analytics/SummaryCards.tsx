// The four analytics summary cards: Emails Sent and the open, click and reply rates.
import type { DashboardStats } from '../../api/dashboard.ts';
import { formatCount } from '../../format.ts';
import { formatPercent } from '../dashboard/percent.ts';
import { clickRate } from './formulas.ts';

interface CardProps {
  title: string;
  value: string;
  note: string;
  accent: 'blue' | 'green' | 'violet' | 'amber';
}

function Card({ title, value, note, accent }: CardProps) {
  return (
    <div className={`box stat-card is-${accent}`} data-stat={title}>
      <span className="stat-card-title">{title}</span>
      <span className="stat-card-value">{value}</span>
      <span className="stat-card-note">{note}</span>
    </div>
  );
}

export function SummaryCards({ stats }: { stats: DashboardStats | undefined }) {
  const dash = '–';
  const cards: CardProps[] = [
    { title: 'Emails Sent', value: stats ? formatCount(stats.emails_sent) : dash, note: stats ? `of ${formatCount(stats.total_leads)} leads` : '\u00a0', accent: 'blue' },
    { title: 'Open Rate', value: stats ? formatPercent(stats.open_rate) : dash, note: 'of sent emails', accent: 'green' },
    { title: 'Click Rate', value: stats ? formatPercent(clickRate(stats.open_rate)) : dash, note: 'Estimate: 30% of open rate', accent: 'amber' },
    { title: 'Reply Rate', value: stats ? formatPercent(stats.reply_rate) : dash, note: 'of sent emails', accent: 'violet' },
  ];
  return (
    <div className="columns is-mobile is-multiline stat-cards">
      {cards.map((card) => (
        <div key={card.title} className="column is-6-mobile is-6-tablet is-3-desktop">
          <Card {...card} />
        </div>
      ))}
    </div>
  );
}
