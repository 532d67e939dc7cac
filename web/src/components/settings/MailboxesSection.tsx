// Settings → Mailboxes: a card per sending mailbox (sent today against today's allowance, ramp-up
// day, pause with its reason, last test with the provider's answer, last error) with Test, Pause
// or Resume, Edit and Remove; and the form to add one. Mailbox 1 is Settings → Email.
import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { pauseMailbox, removeMailbox, resumeMailbox, testMailbox, useMailboxes, type Mailbox } from '../../api/mailboxes.ts';
import { useToast } from '../Toasts.tsx';
import { MailboxForm } from './MailboxForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import './mailboxes.css';

const PROVIDER_NAMES: Record<Mailbox['provider'], string> = { smtp: 'SMTP', brevo: 'Brevo', resend: 'Resend', outbox: 'Outbox' };
const when = (iso: string) => new Date(iso).toLocaleString();

export function MailboxesSection() {
  const mailboxes = useMailboxes();
  const [adding, setAdding] = useState(false);
  const refresh = () => void mailboxes.mutate();
  return (
    <SettingsSection
      title="Mailboxes"
      anchor="mailboxes"
      description="Each campaign's first emails go from the mailbox with the most room today; every follow-up and answer in a thread leaves from the same mailbox. A new mailbox starts slowly and sends more each day, up to its cap."
    >
      {mailboxes.error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(mailboxes.error, 'Failed to load the mailboxes')}
        </div>
      ) : !mailboxes.data ? (
        <progress className="progress is-small is-primary" max={100} aria-label="Loading mailboxes" />
      ) : (
        <div className="mailbox-list">
          {mailboxes.data.map((m) => (
            <MailboxCard key={m.id} mailbox={m} onChange={refresh} />
          ))}
        </div>
      )}
      {adding ? (
        <section className="box mailbox-card" aria-label="Add a mailbox">
          <h3 className="title is-6">Add a mailbox</h3>
          <MailboxForm
            onSaved={() => {
              setAdding(false);
              refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : (
        <button type="button" className="button is-primary is-light" onClick={() => setAdding(true)}>
          Add mailbox
        </button>
      )}
    </SettingsSection>
  );
}

function MailboxCard({ mailbox: m, onChange }: { mailbox: Mailbox; onChange: () => void }) {
  const toast = useToast();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  async function act(name: string, run: () => Promise<unknown>, done: string, failed: string) {
    setBusy(name);
    try {
      await run();
      if (done) toast.success(done);
      onChange();
    } catch (err) {
      toast.error(errorText(err, failed), 8000);
    } finally {
      setBusy(null);
    }
  }

  const test = () =>
    act(
      'test',
      async () => {
        const after = await testMailbox(m.id);
        if (after.test && !after.test.ok) toast.error(`Test failed: ${after.test.result}`, 8000);
        else toast.success(`Connected: ${after.test?.result ?? ''}`);
      },
      '',
      'Failed to test the mailbox',
    );
  const pause = () =>
    act(
      'pause',
      async () => {
        await pauseMailbox(m.id, reason.trim() || undefined);
        setPausing(false);
        setReason('');
      },
      `Mailbox "${m.label}" paused: its emails wait until it is resumed`,
      'Failed to pause the mailbox',
    );
  const resume = () => act('resume', () => resumeMailbox(m.id), `Mailbox "${m.label}" resumed`, 'Failed to resume the mailbox');
  const remove = () => {
    if (!window.confirm(`Remove the mailbox "${m.label}"? Its sent threads keep it in their history; it sends nothing more.`)) return;
    void act('remove', () => removeMailbox(m.id), `Mailbox "${m.label}" removed`, 'Failed to remove the mailbox');
  };

  return (
    <section className={`box mailbox-card${m.paused ? ' is-paused' : ''}${editing ? ' is-editing' : ''}`} aria-labelledby={titleId} data-testid={`mailbox-${m.id}`}>
      <div className="credential-head">
        <h3 id={titleId} className="title is-6">
          {m.label}
        </h3>
        <div className="tags mb-0">
          <span className="tag is-light">{PROVIDER_NAMES[m.provider]}</span>
          {m.primary ? <span className="tag is-info is-light">Settings → Email</span> : null}
          {m.paused ? <span className="tag is-warning">Paused</span> : null}
        </div>
      </div>
      {editing ? (
        <MailboxForm
          mailbox={m}
          onSaved={() => {
            setEditing(false);
            onChange();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="settings-facts">
            <dt>From</dt>
            <dd className="is-break">{m.from_email ? (m.from_name ? `${m.from_name} <${m.from_email}>` : m.from_email) : 'Not set'}</dd>
            {m.smtp ? (
              <>
                <dt>SMTP server</dt>
                <dd className="is-break">
                  {m.smtp.user ? `${m.smtp.user} @ ` : ''}
                  {m.smtp.host}:{m.smtp.port}
                  {m.smtp.secure ? ' (TLS)' : ''}
                </dd>
              </>
            ) : null}
            <dt>Sent today</dt>
            <dd data-testid="mailbox-allowance">
              {m.allowance_today === null ? (
                <>
                  {m.sent_24h} sent · <span className="has-text-grey">No limit of its own</span>
                </>
              ) : (
                <>
                  <strong>{m.sent_24h}</strong> / {m.allowance_today} allowed today
                </>
              )}
            </dd>
            <dt>Ramp-up</dt>
            <dd data-testid="mailbox-ramp">{m.ramp ? `Ramp-up day ${m.ramp_day}` : 'Off'}</dd>
            <dt>Cap, spacing</dt>
            <dd>
              {m.daily_cap === null ? 'No cap of its own' : `${m.daily_cap} a day`}, {m.min_spacing_seconds} s apart
            </dd>
            {m.domain ? (
              <>
                <dt>Domain</dt>
                <dd data-testid="mailbox-domain" className="is-break">
                  {m.domain.domain}:{' '}
                  {m.domain.checked_at === null ? (
                    <span className="has-text-grey">not checked yet (it is, before its first live send)</span>
                  ) : m.domain.refusal ? (
                    <span className="has-text-danger">{m.domain.refusal}</span>
                  ) : (
                    <span>
                      {m.domain.summary} <span className="has-text-grey">(checked {when(m.domain.checked_at)})</span>
                    </span>
                  )}
                </dd>
              </>
            ) : null}
            {m.guard ? (
              <>
                <dt>Bounces</dt>
                <dd data-testid="mailbox-guard">
                  {m.guard.sends === 0
                    ? 'No sends in the guard\'s window yet'
                    : `${m.guard.hard_bounces} hard bounce${m.guard.hard_bounces === 1 ? '' : 's'} (${m.guard.hard_bounce_rate} %), ${m.guard.complaints} complaint${m.guard.complaints === 1 ? '' : 's'} (${m.guard.complaint_rate} %) in its last ${m.guard.sends} sends`}
                </dd>
              </>
            ) : null}
            <dt>Last test</dt>
            <dd data-testid="mailbox-test">
              {m.test ? (
                <>
                  <span className={m.test.ok ? 'has-text-success-dark' : 'has-text-danger'}>{m.test.ok ? '✓ ok' : '✗ failed'}</span> {when(m.test.at)}: {m.test.result}
                </>
              ) : (
                'Never tested'
              )}
            </dd>
            {m.last_error ? (
              <>
                <dt>Last error</dt>
                <dd className="has-text-danger is-break">
                  {when(m.last_error.at)}: {m.last_error.message}
                </dd>
              </>
            ) : null}
          </dl>
          {m.paused ? (
            <div className="notification is-warning is-light py-2 px-3 mailbox-paused" role="status">
              <span>
                Paused since {when(m.paused.at)}: {m.paused.reason}. Its emails wait; the other mailboxes still send.
              </span>
              <button type="button" className={`button is-small is-warning${busy === 'resume' ? ' is-loading' : ''}`} onClick={() => void resume()} disabled={busy !== null}>
                Resume
              </button>
            </div>
          ) : null}
          {m.ramp_warning ? (
            <div className="notification is-warning is-light is-size-7 py-2 px-3" role="note">
              {m.ramp_warning}
            </div>
          ) : null}
          {pausing ? (
            <form
              className="mailbox-pause-form"
              onSubmit={(e) => {
                e.preventDefault();
                void pause();
              }}
            >
              <input className="input is-small" aria-label="Why pause it" placeholder="Why (optional)" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
              <button type="submit" className={`button is-small is-warning${busy === 'pause' ? ' is-loading' : ''}`} disabled={busy !== null}>
                Pause mailbox
              </button>
              <button type="button" className="button is-small" onClick={() => setPausing(false)} disabled={busy !== null}>
                Cancel
              </button>
            </form>
          ) : null}
          <div className="buttons mt-3 mb-0">
            <button type="button" className={`button is-small is-link is-light${busy === 'test' ? ' is-loading' : ''}`} onClick={() => void test()} disabled={busy !== null}>
              Test
            </button>
            {m.paused || pausing ? null : (
              <button type="button" className="button is-small" onClick={() => setPausing(true)} disabled={busy !== null}>
                Pause
              </button>
            )}
            <button type="button" className="button is-small" onClick={() => setEditing(true)} disabled={busy !== null}>
              Edit
            </button>
            {m.primary ? null : (
              <button type="button" className={`button is-small is-danger is-outlined${busy === 'remove' ? ' is-loading' : ''}`} onClick={remove} disabled={busy !== null}>
                Remove
              </button>
            )}
          </div>
          {m.primary ? <p className="help mt-2">Mailbox 1 is Settings → Email and cannot be removed: change or clear its provider above.</p> : null}
        </>
      )}
    </section>
  );
}
