// Settings (/settings, administrators): API keys, the sender, the email provider, the sending switch
// (once a provider is configured), reply detection (IMAP and the Brevo webhook), the weekly
// sending windows, the system configuration and why the recommended email provider is suggested.
import { useEmailConfig } from '../api/settings.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ApiKeysSection } from '../components/settings/ApiKeysSection.tsx';
import { EmailProviderSection } from '../components/settings/EmailProviderSection.tsx';
import { EmailSendingControl } from '../components/settings/EmailSendingControl.tsx';
import { ProviderInfoCard } from '../components/settings/ProviderInfoCard.tsx';
import { ReplyDetectionSection } from '../components/settings/ReplyDetectionSection.tsx';
import { SendingWindowsSection } from '../components/settings/SendingWindowsSection.tsx';
import { SenderSection } from '../components/settings/SenderSection.tsx';
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
  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <ApiKeysSection />
      <SenderSection config={email.data} onChange={() => void email.mutate()} />
      <EmailProviderSection config={email.data} error={email.error} onChange={() => void email.mutate()} />
      {email.data?.configured ? <EmailSendingControl /> : null}
      <ReplyDetectionSection />
      <SendingWindowsSection />
      <SystemConfigForm />
      <ProviderInfoCard />
    </>
  );
}
