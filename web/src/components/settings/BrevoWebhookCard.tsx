// The Brevo webhook: the URL to paste into Brevo, whether a token is set (and where), and
// 'Generate token', which shows the new token once in a modal.
import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { generateWebhookToken, type ReplyDetection, type WebhookToken } from '../../api/reply-detection.ts';
import { Modal } from '../Modal.tsx';
import { useToast } from '../Toasts.tsx';
import { CopyField } from './CopyField.tsx';

// Brevo calls this server from the internet: a loopback or plain-http address will not do.
const UNREACHABLE = /^http:\/\/(localhost|127\.|\[::1\])/i;

interface BrevoWebhookCardProps {
  webhook: ReplyDetection['webhook'];
  onChange: () => void;
}

export function BrevoWebhookCard({ webhook, onChange }: BrevoWebhookCardProps) {
  const titleId = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<WebhookToken | null>(null);
  const fromEnvironment = webhook.source === 'environment';

  async function generate() {
    if (webhook.token_configured && !window.confirm('Generate a new token? The current one stops working: Brevo must be given the new one.')) return;
    setBusy(true);
    try {
      setShown(await generateWebhookToken());
      onChange();
    } catch (err) {
      toast.error(errorText(err, 'Failed to generate a webhook token'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`box credential-card${webhook.token_configured ? ' is-configured' : ''}`} aria-labelledby={titleId} data-configured={webhook.token_configured}>
      <div className="credential-head">
        <h3 id={titleId} className="title is-6">
          Brevo Webhook
        </h3>
        <span className={`tag ${webhook.token_configured ? 'is-success' : 'is-light'}`}>{webhook.token_configured ? 'Token configured' : 'No token'}</span>
      </div>
      <div className="credential-intro is-size-7 has-text-grey">
        Brevo reports bounces, spam complaints and unsubscribes here. In Brevo, open Transactional → Settings → Webhooks, add this URL and have it
        send the token as <code>Authorization: Bearer &lt;token&gt;</code>.
      </div>
      <CopyField
        label="Webhook URL"
        value={webhook.url}
        what="Webhook URL"
        help={UNREACHABLE.test(webhook.url) ? 'Brevo cannot reach a local address: set OUTREACH_PUBLIC_URL to this server’s public https address.' : undefined}
      />
      <div className={webhook.token_configured ? 'credential-summary' : 'webhook-token-status'}>
        {webhook.token_configured ? (
          <p className="has-text-success-dark has-text-weight-semibold">✓ A webhook token is configured</p>
        ) : (
          <p className="is-size-7 has-text-grey">No token yet: the webhook refuses every call until one is generated.</p>
        )}
        {fromEnvironment ? (
          <p className="is-size-7 has-text-grey">Set by environment variable OUTREACH_BREVO_WEBHOOK_TOKEN</p>
        ) : (
          <div className="buttons mt-3">
            <button type="button" className={`button ${webhook.token_configured ? 'is-small' : 'is-primary'}${busy ? ' is-loading' : ''}`} onClick={() => void generate()} disabled={busy}>
              {webhook.token_configured ? 'Generate new token' : 'Generate token'}
            </button>
          </div>
        )}
      </div>
      {shown ? <TokenModal token={shown} onClose={() => setShown(null)} /> : null}
    </section>
  );
}

function TokenModal({ token, onClose }: { token: WebhookToken; onClose: () => void }) {
  return (
    <Modal
      title="Brevo webhook token"
      onClose={onClose}
      footer={
        <button type="button" className="button is-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="notification is-warning is-light is-size-7 py-2 px-3">Copy the token now: it is not shown again.</div>
      <CopyField label="Token" value={token.token} what="Token" monospace />
      <p className="is-size-7 mt-3">
        Brevo must send it with every webhook call as <code className="is-break">Authorization: Bearer &lt;token&gt;</code>, to{' '}
        <code className="is-break">{token.url}</code>.
      </p>
    </Modal>
  );
}
