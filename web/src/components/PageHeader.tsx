// Page title row shared by every screen; actions (buttons) sit on the right.
import { useEffect, type ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Outreach`;
  }, [title]);

  return (
    <div className="page-header">
      <div>
        <h1 className="title is-4">{title}</h1>
        {subtitle ? <p className="subtitle is-6 has-text-grey">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
