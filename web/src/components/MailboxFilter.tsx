// The mailbox filter of the Outreach and Analytics screens: 'All mailboxes' or one sending
// mailbox (GET /api/mailboxes), shown only when there are two or more to choose between.
// Mailbox 1 includes the emails sent before mailboxes existed.
import useSWR from 'swr';
import { fetcher } from '../api/client.ts';
import type { Mailbox } from '../../../src/core/model/mailboxes.ts';

/** The same key as Settings → Mailboxes reads, so one request serves both. */
const MAILBOXES_KEY = '/api/mailboxes';

export function useMailboxChoices(): Mailbox[] {
  const { data } = useSWR<Mailbox[]>(MAILBOXES_KEY, fetcher, { revalidateOnFocus: false });
  return data ?? [];
}

export const mailboxName = (m: Pick<Mailbox, 'id' | 'label' | 'from_email'>) => `${m.label}${m.from_email ? ` (${m.from_email})` : ''}`;

export function MailboxFilter({ id, value, onChange, mailboxes, compact }: { id: string; value: string; onChange: (value: string) => void; mailboxes: Mailbox[]; compact?: boolean }) {
  if (mailboxes.length < 2) return null;
  return (
    <div className={`field${compact ? ' mb-0' : ''}`}>
      <label className={`label is-small${compact ? ' is-sr-only' : ''}`} htmlFor={id}>
        Mailbox
      </label>
      <div className="control">
        <div className={`select ${compact ? 'is-small' : 'is-fullwidth'}`}>
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">All mailboxes</option>
            {mailboxes.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {mailboxName(m)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
