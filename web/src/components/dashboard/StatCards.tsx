// The four stat cards of the dashboard, each a link to the screen behind the number.
import { Link } from 'react-router';
import type { DashboardStats } from '../../api/dashboard.ts';
import { formatCount } from '../../format.ts';
import { formatPercent } from './percent.ts';

interface StatCardProps {
  title: string;
  value: string;
  note?: string;
  to: string;
  accent: 'blue' | 'green' | 'violet' | 'amber';
}

function StatCard({ title, value, note, to, accent }: StatCardProps) {
  return (
    <Link to={to} className={`box stat-card is-${accent}`} data-stat={title}>
      <span className="stat-card-title">{title}</span>
      <span className="stat-card-value">{value}</span>
      <span className="stat-card-note">{note ?? '\u00a0'}</span>
    </Link>
  );
}

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const dash = '–';
  return (
    <div className="columns is-mobile is-multiline stat-cards">
      <div className="column is-6-mobile is-6-tablet is-3-desktop">
        <StatCard
          title="Total Campaigns"
          value={stats ? formatCount(stats.total_campaigns) : dash}
          note={stats ? `${formatCount(stats.active_campaigns)} active` : undefined}
          to="/campaigns"
          accent="blue"
        />
      </div>
      <div className="column is-6-mobile is-6-tablet is-3-desktop">
        <StatCard title="Total Leads" value={stats ? formatCount(stats.total_leads) : dash} to="/leads" accent="green" />
      </div>
      <div className="column is-6-mobile is-6-tablet is-3-desktop">
        <StatCard
          title="Emails Generated"
          value={stats ? formatCount(stats.emails_generated) : dash}
          note={stats ? `${formatCount(stats.emails_sent)} sent` : undefined}
          to="/outreach"
          accent="violet"
        />
      </div>
      <div className="column is-6-mobile is-6-tablet is-3-desktop">
        <StatCard
          title="Conversion Rate"
          value={stats ? formatPercent(stats.conversion_rate) : dash}
          note={stats ? `${formatPercent(stats.open_rate)} open rate` : undefined}
          to="/outreach"
          accent="amber"
        />
      </div>
    </div>
  );
}
