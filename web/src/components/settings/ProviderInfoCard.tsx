// Why the recommended email provider is suggested.
import defaults from '../../../../config/default.json';
import { EMAIL_PROVIDERS, RECOMMENDED } from './emailProviders.ts';

const TARGET_PER_DAY = defaults.system.target_emails_per_day.default;
const OTHERS = EMAIL_PROVIDERS.filter((p) => p.id !== RECOMMENDED.id);

export function ProviderInfoCard() {
  const perDay = defaults.email.providers.brevo.free_per_day;
  return (
    <aside className="message is-info provider-info" aria-label={`Why ${RECOMMENDED.label} is recommended`}>
      <div className="message-header">
        <p>Why {RECOMMENDED.label}?</p>
      </div>
      <div className="message-body content">
        <ul>
          <li>
            {RECOMMENDED.label}'s free plan sends {perDay} emails a day — more than the default target of {TARGET_PER_DAY} outreach emails a day,
            with room for follow-ups and test emails.
          </li>
          <li>It sends through a transactional HTTP API: no SMTP ports to open, and a clear answer (accepted or refused) for every message.</li>
          <li>
            {OTHERS.map((p) => `${p.label}: ${p.blurb.toLowerCase()}`).join('; ')}. Any of them works; the daily email quota protects your sending
            reputation whichever you choose.
          </li>
        </ul>
      </div>
    </aside>
  );
}
