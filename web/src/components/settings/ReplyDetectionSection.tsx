// Reply Detection: the IMAP mailbox read for replies (with 'Check for replies now') and
// the Brevo webhook that reports bounces, complaints and unsubscribes.
import { errorText } from '../../api/client.ts';
import { useReplyDetection } from '../../api/reply-detection.ts';
import { BrevoWebhookCard } from './BrevoWebhookCard.tsx';
import { ImapMailboxCard } from './ImapMailboxCard.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function ReplyDetectionSection() {
  const { data, error, mutate } = useReplyDetection(true);
  const refresh = () => void mutate();
  return (
    <SettingsSection
      title="Reply Detection"
      description="Replies are read from your mailbox over IMAP (read-only: nothing is marked as read or moved). Brevo reports bounces, spam complaints and unsubscribes to a webhook."
    >
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load the reply detection settings')}
        </div>
      ) : null}
      {data ? (
        <div className="columns is-desktop">
          <div className="column is-half-desktop">
            <ImapMailboxCard config={data} onChange={refresh} />
          </div>
          <div className="column is-half-desktop">
            <BrevoWebhookCard webhook={data.webhook} onChange={refresh} />
          </div>
        </div>
      ) : error ? null : (
        <p className="has-text-grey">Loading reply detection...</p>
      )}
    </SettingsSection>
  );
}
