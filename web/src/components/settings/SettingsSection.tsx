// One titled section of the Settings screen.
import { useId, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  /** The section's id, so that /settings#<anchor> opens Settings at it. */
  anchor?: string;
  description?: ReactNode;
  children: ReactNode;
}

export function SettingsSection({ title, anchor, description, children }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <section className="settings-section" id={anchor} aria-labelledby={titleId}>
      <h2 id={titleId} className="title is-5">
        {title}
      </h2>
      {description ? <p className="settings-section-description has-text-grey">{description}</p> : null}
      {children}
    </section>
  );
}
