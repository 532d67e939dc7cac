// The IMAP mailbox card: unconfigured → the form; configured → a green card with the
// server and user, Update, 'Delete Configuration' (not for what the environment sets)
// and 'Check for replies now'.
import { useId, useState } from 'react';
import defaults from '../../../../config/default.json';
import { errorText } from '../../api/client.ts';
import { checkReplies, clearReplyDetection, type ReplyCheck, type ReplyDetection } from '../../api/reply-detection.ts';
import { plural } from '../../../../src/core/plural.ts';
import { useToast } from '../Toasts.tsx';
import { ImapMailboxForm } from './ImapMailboxForm.tsx';

const POLL_MINUTES = Math.round(defaults.email.imap.poll_seconds / 60);

interface ImapMailboxCardProps {
  config: ReplyDetection;
  onChange: () => void;
}

export function ImapMailboxCard({ config, onChange }: ImapMailboxCardProps) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const showSummary = config.configured && !editing;
  const saved = () => {
    setEditing(false);
    onChange();
  };
  return (
    <section className={`box credential-card${showSummary ? ' is-configured' : ''}`} aria-labelledby={titleId} data-configured={config.configured}>
      <div className="credential-head">
        <h3 id={titleId} className="title is-6">
          IMAP Mailbox
        </h3>
        <span className={`tag ${config.configured ? 'is-success' : 'is-light'}`}>{config.configured ? 'Configured' : 'Not configured'}</span>
      </div>
      <div className="credential-intro is-size-7 has-text-grey">
        The mailbox your outreach replies arrive in. It is checked every {POLL_MINUTES} minutes: a reply marks the email and the lead Replied,
        out-of-office answers are only noted, and "unsubscribe" mails stop all further emails.
      </div>
      {showSummary ? (
        <ImapSummary config={config} onUpdate={() => setEditing(true)} onCleared={onChange} />
      ) : config.source === 'environment' ? (
        <div className="notification is-warning is-light is-size-7 py-2 px-3" role="alert">
          The environment sets only part of the IMAP account: set OUTREACH_IMAP_HOST, OUTREACH_IMAP_USER and OUTREACH_IMAP_PASSWORD together.
        </div>
      ) : (
        <ImapMailboxForm config={config} onSaved={saved} onCancel={config.configured ? () => setEditing(false) : undefined} />
      )}
    </section>
  );
}

function ImapSummary({ config, onUpdate, onCleared }: { config: ReplyDetection; onUpdate: () => void; onCleared: () => void }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const fromEnvironment = config.source === 'environment';

  async function remove() {
    if (!window.confirm('Delete the reply detection configuration? Replies will no longer be detected.')) return;
    setDeleting(true);
    try {
      await clearReplyDetection();
      toast.success('Reply detection configuration cleared');
      onCleared();
    } catch (err) {
      toast.error(errorText(err, 'Failed to delete the reply detection configuration'));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="credential-summary">
      <p className="has-text-success-dark has-text-weight-semibold">✓ Reply detection is on</p>
      <dl className="settings-facts">
        <dt>Server</dt>
        <dd className="is-break" data-testid="imap-server">
          {config.host}:{config.port}
        </dd>
        <dt>User</dt>
        <dd className="is-break">{config.user}</dd>
      </dl>
      {fromEnvironment ? <p className="is-size-7 has-text-grey">Set by environment variable</p> : null}
      <div className="buttons mt-3">
        {fromEnvironment ? null : (
          <>
            <button type="button" className="button is-small" onClick={onUpdate} disabled={deleting}>
              Update
            </button>
            <button type="button" className={`button is-small is-danger is-outlined${deleting ? ' is-loading' : ''}`} onClick={() => void remove()} disabled={deleting}>
              Delete Configuration
            </button>
          </>
        )}
      </div>
      <hr className="my-4" />
      <CheckRepliesButton />
    </div>
  );
}

/** 'Checked 12 messages: 2 replies, 1 automatic reply' (and the unsubscribe requests, when there are any). */
export function checkSummary(r: ReplyCheck): string {
  const found = [plural(r.replies, 'reply', 'replies'), plural(r.auto_replies, 'automatic reply', 'automatic replies')];
  if (r.unsubscribes) found.push(plural(r.unsubscribes, 'unsubscribe request', 'unsubscribe requests'));
  if (r.bounces) found.push(plural(r.bounces, 'bounce report', 'bounce reports'));
  return `Checked ${plural(r.checked, 'new message', 'new messages')}: ${found.join(', ')}`;
}

function CheckRepliesButton() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    try {
      const result = await checkReplies();
      if (!result.configured) toast.info('Reply detection is not set up: save an IMAP mailbox first');
      else toast.success(checkSummary(result), 6000);
    } catch (err) {
      toast.error(errorText(err, 'Failed to check the mailbox for replies'), 8000);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="check-replies">
      <button type="button" className={`button is-link is-light${busy ? ' is-loading' : ''}`} onClick={() => void check()} disabled={busy}>
        Check for replies now
      </button>
      <p className="help">Reads only the mail that arrived since the last check.</p>
    </div>
  );
}
