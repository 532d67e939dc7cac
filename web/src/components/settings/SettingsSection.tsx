// One titled section of the Settings screen.
import { useId, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-5">
        {title}
      </h2>
      {description ? <p className="settings-section-description has-text-grey">{description}</p> : null}
      {children}
    </section>
  );
}
