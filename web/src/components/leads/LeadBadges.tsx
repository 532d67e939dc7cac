// Small tags shared by the leads screens: lead/email status, priority, urgency, category.
import type { Lead } from '../../api/leads.ts';
import { PRIORITY_CLASS, URGENCY_CLASS, leadPriority, statusColorClass, statusLabel } from './leadFormat.ts';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`tag ${statusColorClass(status)} lead-status`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}

export function PriorityBadge({ lead, short = false }: { lead: Pick<Lead, 'priority' | 'market_opportunity_score'>; short?: boolean }) {
  const priority = leadPriority(lead);
  if (!priority) return null;
  return <span className={`tag ${PRIORITY_CLASS[priority]} is-light lead-priority`}>{short ? priority : `${priority} Priority`}</span>;
}

export function UrgencyBadge({ level }: { level: string | null | undefined }) {
  if (!level) return null;
  return <span className={`tag ${URGENCY_CLASS[level] ?? 'is-light'} is-light`}>Urgency: {level}</span>;
}

export function CategoryBadge({ category }: { category: string | null }) {
  if (!category) return null;
  return <span className="tag is-link is-light">{category}</span>;
}
