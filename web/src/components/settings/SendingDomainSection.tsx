// Sending domain: what DNS says about the from-address's domain (SPF, DKIM, DMARC, MX, each
// with the record found and the record to publish) and the DNS blocklists, from the last check;
// 'Check now' asks DNS again. For SMTP the operator names the DKIM selector and SPF include.
// Live sending: what refuses it (SPF or DKIM missing or wrong, a listing), the override of the
// SPF/DKIM rule with what it risks, and acknowledging a listing (each recorded: who, when).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import type { EmailConfig } from '../../api/settings.ts';
import {
  acknowledgeListings,
  checkSendingDomain,
  clearSendingAuthOverride,
  overrideSendingAuth,
  useSendingDomain,
  type AuthCheck,
  type BlocklistCheck,
  type SendingDomainReport,
  type SendingDomainStatus,
} from '../../api/sending-domain.ts';
import { useToast } from '../Toasts.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import './sending-domain.css';

const KIND: Record<AuthCheck['kind'], string> = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC', mx: 'MX' };
const STATUS: Record<AuthCheck['status'] | BlocklistCheck['status'], { label: string; tag: string }> = {
  ok: { label: 'OK', tag: 'is-success' },
  clean: { label: 'Not listed', tag: 'is-success' },
  missing: { label: 'Missing', tag: 'is-danger' },
  wrong: { label: 'Wrong', tag: 'is-danger' },
  listed: { label: 'Listed', tag: 'is-danger' },
  unverified: { label: 'Could not verify', tag: 'is-warning' },
  not_checked: { label: 'Not checked', tag: 'is-light' },
};
const PROVIDER: Record<string, string> = { brevo: 'Brevo', resend: 'Resend', smtp: 'SMTP', outbox: 'the outbox (nothing is sent)' };

export function SendingDomainSection({ config }: { config: EmailConfig | undefined }) {
  const { data, error, mutate } = useSendingDomain(true);
  // The email settings were saved (the server checked the new sender then): show that check.
  const seen = useRef(config);
  useEffect(() => {
    if (seen.current && config && seen.current !== config) void mutate();
    seen.current = config ?? seen.current;
  }, [config, mutate]);
  return (
    <SettingsSection
      title="Sending domain"
      anchor="sending-domain"
      description="Gmail and Yahoo require bulk senders to authenticate their domain: one SPF record that authorises your provider, its DKIM key, and a DMARC policy. Checked through your DNS when the email settings are saved, daily, and when you click Check now."
    >
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {errorText(error, 'Failed to load the sending domain check')}
        </div>
      ) : null}
      {data ? (
        <div className="box sending-domain" data-testid="sending-domain">
          <CheckForm smtp={data.identity.provider === 'smtp'} selector={data.identity.dkim_selector} include={data.identity.spf_include} onChecked={(report) => void mutate((current) => current && { ...current, identity: report.identity, report })} />
          <p className="mb-3">
            <strong>{data.identity.domain ?? 'No sender address set'}</strong> sent through {data.identity.provider === 'smtp' ? `SMTP (${data.identity.smtp_host ?? 'no host'})` : PROVIDER[data.identity.provider]}
          </p>
          <LiveSending status={data} onChange={(next) => void mutate(next, { revalidate: false })} />
          {data.report ? <Report report={data.report} /> : <p className="has-text-grey">Not checked yet: click Check now.</p>}
        </div>
      ) : error ? null : (
        <p className="has-text-grey">Loading the sending domain...</p>
      )}
    </SettingsSection>
  );
}

const same = (a: { zone: string; subject: string }, b: { zone: string; subject: string }) => a.zone.toLowerCase() === b.zone.toLowerCase() && a.subject.toLowerCase() === b.subject.toLowerCase();

/** What refuses live sending from the domain, and the operator's two decisions about it. */
function LiveSending({ status, onChange }: { status: SendingDomainStatus; onChange: (s: SendingDomainStatus) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const { identity, report, refusal, override, acknowledged } = status;
  const domain = identity.domain;
  if (identity.provider === 'outbox' || !domain) return null;
  const gaps = report ? report.auth.filter((a) => (a.kind === 'spf' || a.kind === 'dkim') && (a.status === 'missing' || a.status === 'wrong')) : [];
  const listed = report ? report.blocklists.filter((b) => b.status === 'listed' && !acknowledged.some((a) => same(a, b))) : [];
  async function act(what: string, call: () => Promise<SendingDomainStatus>, done: string) {
    setBusy(what);
    try {
      onChange(await call());
      toast.success(done);
    } catch (err) {
      toast.error(errorText(err, 'That did not work'));
    } finally {
      setBusy(null);
    }
  }
  const button = (what: string, label: string, className: string, call: () => Promise<SendingDomainStatus>, done: string) => (
    <button type="button" className={`button is-small ${className}${busy === what ? ' is-loading' : ''}`} disabled={busy !== null} onClick={() => void act(what, call, done)}>
      {label}
    </button>
  );
  return (
    <div className="sending-domain-live mb-4" data-testid="sending-domain-live">
      {refusal ? (
        <div className="notification is-danger py-2 px-3" role="alert" data-testid="sending-domain-refusal">
          {refusal}
        </div>
      ) : (
        <p className={`notification is-light py-2 px-3 ${override && gaps.length ? 'is-warning' : 'is-success'}`} data-testid="sending-domain-allowed">
          {!report
            ? `Live sending from ${domain} is checked before its first email.`
            : override && gaps.length
              ? `Live sending from ${domain} is allowed by the override, although SPF and DKIM do not both pass.`
              : `Live sending from ${domain} is allowed by its last check.`}
        </p>
      )}
      {override ? (
        <div className="sending-domain-decision" data-testid="sending-domain-override">
          <p>
            <strong>SPF and DKIM rule overridden</strong> for {domain} by {override.by} on {new Date(override.at).toLocaleString()}: campaigns send from it even when SPF or DKIM does not pass. Gmail and Yahoo reject or put in spam
            unauthenticated bulk mail, and every rejection lowers the domain&apos;s reputation.
          </p>
          {button('clear', 'Remove override', 'is-light', () => clearSendingAuthOverride(domain), `Override removed for ${domain}`)}
        </div>
      ) : gaps.length ? (
        <div className="sending-domain-decision">
          <p>
            Publish the records below, then Check now. Or override the rule for {domain}: campaigns would send without {gaps.map((g) => g.kind.toUpperCase()).join(' and ')}, which Gmail and Yahoo require of bulk senders: they reject
            or put such mail in spam, and every rejection lowers the domain&apos;s reputation. The override is recorded with your name.
          </p>
          {button('override', `Override: send from ${domain} anyway`, 'is-danger is-outlined', () => overrideSendingAuth(domain), `Override recorded for ${domain}`)}
        </div>
      ) : null}
      {listed.length ? (
        <div className="sending-domain-decision" data-testid="sending-domain-listings">
          <p>
            Listed on {listed.map((b) => `${b.list} (${b.subject}${b.answer ? `, ${b.answer}` : ''})`).join(', ')}. Receivers that use the list refuse or put in spam mail from a listed domain or server; sending more makes a
            removal harder. Ask the list to remove the listing, then acknowledge it to let live sending go again (recorded with your name; a new listing pauses sending again).
          </p>
          {button('ack', 'Acknowledge listing', 'is-warning', () => acknowledgeListings(domain), `Listing acknowledged for ${domain}`)}
        </div>
      ) : null}
      {acknowledged.length ? (
        <ul className="is-size-7 has-text-grey" data-testid="sending-domain-acknowledged">
          {acknowledged.map((a) => (
            <li key={`${a.zone} ${a.subject} ${a.at}`}>
              Acknowledged: {a.subject} on {a.list}
              {a.answer ? ` (${a.answer})` : ''}, by {a.by} on {new Date(a.at).toLocaleString()}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CheckForm({ smtp, selector, include, onChecked }: { smtp: boolean; selector: string | null; include: string | null; onChecked: (r: SendingDomainReport) => void }) {
  const toast = useToast();
  const id = useId();
  const [checking, setChecking] = useState(false);
  const [dkim, setDkim] = useState(selector ?? '');
  const [spf, setSpf] = useState(include ?? '');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    try {
      const report = await checkSendingDomain(smtp ? { dkim_selector: dkim, spf_include: spf } : {});
      onChecked(report);
      toast.success(`Checked ${report.identity.domain ?? 'the sender'}`);
    } catch (err) {
      toast.error(errorText(err, 'The check failed'));
    } finally {
      setChecking(false);
    }
  }
  return (
    <form className="sending-domain-form" onSubmit={(e) => void submit(e)}>
      {smtp ? (
        <>
          <div className="field">
            <label className="label" htmlFor={`${id}-dkim`}>
              DKIM selector
            </label>
            <input id={`${id}-dkim`} className="input" value={dkim} onChange={(e) => setDkim(e.target.value)} placeholder="s= in your DKIM-Signature, e.g. mail" />
          </div>
          <div className="field">
            <label className="label" htmlFor={`${id}-spf`}>
              SPF include (optional)
            </label>
            <input id={`${id}-spf`} className="input" value={spf} onChange={(e) => setSpf(e.target.value)} placeholder="e.g. _spf.mailhost.com" />
          </div>
        </>
      ) : null}
      <button type="submit" className={`button is-link${checking ? ' is-loading' : ''}`} disabled={checking}>
        Check now
      </button>
    </form>
  );
}

function Report({ report }: { report: SendingDomainReport }) {
  return (
    <>
      <p className="is-size-7 has-text-grey mb-2" data-testid="sending-domain-checked">
        Checked {new Date(report.checked_at).toLocaleString()} through {report.dns_server}
      </p>
      {report.identity.provider !== 'outbox' && report.identity.domain ? (
        <div className={`notification is-light py-2 px-3 ${report.authenticated && !report.listed ? 'is-success' : 'is-danger'}`} role="status">
          {report.authenticated ? 'SPF and DKIM pass.' : 'SPF and DKIM do not both pass: publish the records below.'}
          {report.listed ? ' The domain or the server is on a blocklist.' : ''}
        </div>
      ) : null}
      <div className="table-container">
        <table className="table is-fullwidth sending-domain-table">
          <thead>
            <tr>
              <th>Check</th>
              <th>Result</th>
              <th>Found</th>
              <th>To publish</th>
            </tr>
          </thead>
          <tbody>
            {report.auth.map((a) => (
              <tr key={a.kind} data-check={a.kind} data-status={a.status}>
                <th>{KIND[a.kind]}</th>
                <td>
                  <span className={`tag ${STATUS[a.status].tag}`}>{STATUS[a.status].label}</span>
                  {a.policy ? <span className="tag is-info is-light ml-1">p={a.policy}</span> : null}
                </td>
                <td>
                  <p>{a.summary}</p>
                  {a.found.map((f) => (
                    <code key={f} className="sending-domain-record">
                      {f}
                    </code>
                  ))}
                  {a.asked.length ? <p className="is-size-7 has-text-grey">Asked: {a.asked.join(', ')}</p> : null}
                </td>
                <td>
                  {a.fix ? <p>{a.fix}</p> : null}
                  {a.publish ? (
                    <code className="sending-domain-record" data-testid={`publish-${a.kind}`}>
                      {a.publish.type} {a.publish.name} {a.publish.value}
                    </code>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="title is-6 mt-4">Blocklists</h3>
      {report.blocklists.length === 0 ? (
        <p className="has-text-grey">None looked up{report.identity.provider === 'outbox' ? ': the outbox does not send' : ''}.</p>
      ) : (
        <div className="table-container">
          <table className="table is-fullwidth sending-domain-table">
            <thead>
              <tr>
                <th>List</th>
                <th>Looked up</th>
                <th>Result</th>
                <th>Answer</th>
              </tr>
            </thead>
            <tbody>
              {report.blocklists.map((b) => (
                <tr key={`${b.zone} ${b.subject}`} data-list={b.zone} data-status={b.status}>
                  <th>{b.list}</th>
                  <td className="is-break">{b.subject}</td>
                  <td>
                    <span className={`tag ${STATUS[b.status].tag}`}>{STATUS[b.status].label}</span>
                    <p className="is-size-7">{b.summary}</p>
                  </td>
                  <td>{b.answer ? <code>{b.answer}</code> : <span className="has-text-grey">{b.status === 'clean' ? 'NXDOMAIN' : '-'}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
