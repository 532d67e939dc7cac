// The four analytics summary cards over the period: Emails Sent and the open, click and reply
// rates, each a ratio of counted emails (people only; scanners and proxies counted apart).
import type { Analytics } from '../../api/analytics.ts';
import { formatCount } from '../../format.ts';
import { formatPercent } from '../dashboard/percent.ts';

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

const rate = (value: number | null) => (value === null ? '–' : formatPercent(value));

export function SummaryCards({ analytics }: { analytics: Analytics }) {
  const s = analytics.summary;
  const cards: CardProps[] = [
    { title: 'Emails Sent', value: formatCount(s.sent), note: `last ${analytics.days} days · ${formatCount(analytics.all_time.emails_sent)} all time`, accent: 'blue' },
    { title: 'Open Rate', value: rate(s.open_rate), note: `${formatCount(s.opened)} opened · ${formatCount(s.machine_opens)} machine opens apart`, accent: 'green' },
    { title: 'Click Rate', value: rate(s.click_rate), note: `${formatCount(s.clicked)} clicked · ${formatCount(s.report_views)} report page views · ${formatCount(s.machine_clicks)} machine clicks apart`, accent: 'amber' },
    { title: 'Reply Rate', value: rate(s.reply_rate), note: `${formatCount(s.replied)} replied of ${formatCount(s.sent)} sent`, accent: 'violet' },
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
