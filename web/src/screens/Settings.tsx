// Settings (/settings, administrators): API keys, the sender, the email provider, the sending switch,
// the sending mailboxes
// and the sending domain's DNS check (once a provider is configured), reply detection (IMAP and the
// Brevo webhook), the weekly sending windows, the system configuration and why the recommended
// email provider is suggested.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useApiKeys, useEmailConfig } from '../api/settings.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ApiKeysSection } from '../components/settings/ApiKeysSection.tsx';
import { EmailProviderSection } from '../components/settings/EmailProviderSection.tsx';
import { EmailSendingControl } from '../components/settings/EmailSendingControl.tsx';
import { MailboxesSection } from '../components/settings/MailboxesSection.tsx';
import { ProviderInfoCard } from '../components/settings/ProviderInfoCard.tsx';
import { ReplyDetectionSection } from '../components/settings/ReplyDetectionSection.tsx';
import { SendingWindowsSection } from '../components/settings/SendingWindowsSection.tsx';
import { SenderSection } from '../components/settings/SenderSection.tsx';
import { SendingDomainSection } from '../components/settings/SendingDomainSection.tsx';
import { SystemConfigForm } from '../components/settings/SystemConfigForm.tsx';
import '../components/settings/settings.css';
import { useSession } from '../session.ts';

const TITLE = 'Settings';
const SUBTITLE = 'Configure your CRM system';

export function Settings() {
  const session = useSession();
  if (session?.user.role !== 'admin') {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <div className="notification is-warning is-light" role="alert">
          Admin access required
        </div>
      </>
    );
  }
  return <SettingsAdmin />;
}

function SettingsAdmin() {
  const email = useEmailConfig(true);
  const keys = useApiKeys(true);
  // /settings#sender (the Drafts and Outreach banner's link): once the sections above it have
  // their height, bring the one named into view and put the cursor in its first field.
  const { hash } = useLocation();
  const ready = Boolean(email.data && (keys.data || keys.error));
  useEffect(() => {
    if (!ready || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!section) return;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
  }, [ready, hash]);
  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <ApiKeysSection />
      <SenderSection config={email.data} onChange={() => void email.mutate()} />
      <EmailProviderSection config={email.data} error={email.error} onChange={() => void email.mutate()} />
      {email.data?.configured ? <EmailSendingControl /> : null}
      <MailboxesSection />
      {email.data?.configured ? <SendingDomainSection config={email.data} /> : null}
      <ReplyDetectionSection />
      <SendingWindowsSection />
      <SystemConfigForm />
      <ProviderInfoCard />
    </>
  );
}
