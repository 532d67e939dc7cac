// The icon of each activity type (inline SVG line icons, no icon font), tinted by status.
import type { ReactNode } from 'react';

const ICONS: Record<string, { label: string; paths: ReactNode }> = {
  search: { label: 'Search', paths: <><circle cx="11" cy="11" r="7" /><path d="m20 20-4-4" /></> },
  discover: { label: 'Website discovered', paths: <><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" /></> },
  scrape: { label: 'Crawling', paths: <><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5" /><circle cx="11.5" cy="14.5" r="2.5" /><path d="m16 19-2.7-2.7" /></> },
  contact_found: { label: 'Contact found', paths: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></> },
  contact_not_found: { label: 'No contact found', paths: <><circle cx="12" cy="12" r="9" /><path d="m15 9-6 6M9 9l6 6" /></> },
  analyze: { label: 'Analysing', paths: <><path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3" /><path d="M7.5 15h9" /></> },
  analysis_complete: { label: 'Analysis complete', paths: <><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></> },
  audit: { label: 'Site audit', paths: <><path d="M4 18a8 8 0 1 1 16 0" /><path d="m12 18 4-6" /><path d="M4 18h16" /></> },
  generate: { label: 'Writing email', paths: <><path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" /></> },
  email_generated: { label: 'Email generated', paths: <><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5M9 13h6M9 17h4" /></> },
  draft_created: { label: 'Draft created', paths: <><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5M9 13h6M9 17h4" /></> },
  sending: { label: 'Sending', paths: <><path d="M22 2 11 13" /><path d="M22 2 15 22l-4-9-9-4z" /></> },
  email_sent: { label: 'Email sent', paths: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /><path d="m15 17 2 2 4-4" /></> },
  error: { label: 'Error', paths: <><path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" /><path d="M12 9v4M12 17h.01" /></> },
  status_change: { label: 'Status changed', paths: <><path d="M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5" /></> },
  deal_moved: { label: 'Deal moved', paths: <><rect x="3" y="7" width="18" height="13" rx="2" /><path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" /></> },
  quota_exhausted: { label: 'Quota exhausted', paths: <><circle cx="12" cy="12" r="9" /><path d="M5.6 5.6l12.8 12.8" /></> },
};

const FALLBACK = { label: 'Activity', paths: <circle cx="12" cy="12" r="4" /> };

export function ActivityIcon({ type, status }: { type: string; status: string }) {
  const icon = ICONS[type] ?? FALLBACK;
  return (
    <span className={`activity-icon is-${status}`} role="img" aria-label={icon.label} title={icon.label} data-activity-type={type}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {icon.paths}
      </svg>
    </span>
  );
}
