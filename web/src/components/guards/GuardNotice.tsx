// The bounce and complaint guard's pauses at the top of the Outreach and Campaigns screens: live
// sending, or a campaign, paused with the reason and figures, and the button that resumes it
// (an operator's decision, recorded in the activity feed).
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { resumeSending, useGuards, type SendingPauseOut } from '../../api/guards.ts';
import { useToast } from '../Toasts.tsx';

const since = (iso: string) => new Date(iso).toLocaleString();

export function GuardNotice() {
  const { data } = useGuards();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (!data) return null;
  const pauses = [...(data.live_sending.paused ? [data.live_sending.paused] : []), ...data.paused_campaigns, ...data.paused_mailboxes];
  if (pauses.length === 0) return null;

  async function resume(p: SendingPauseOut) {
    const what = p.mailbox_id !== null ? { mailbox: p.mailbox_id } : p.campaign_id === null ? 'all' : p.campaign_id;
    const label = p.mailbox_id !== null ? `sending from mailbox "${p.mailbox_label ?? p.mailbox_id}"` : p.campaign_id === null ? 'live sending' : `sending for "${p.campaign_name ?? p.campaign_id}"`;
    if (!window.confirm(`Resume ${label}? It was paused because of ${p.reason}. The guard will read the sends from now on.`)) return;
    setBusy(p.scope);
    try {
      await resumeSending(what);
      toast.success(`Resumed ${label}`);
    } catch (error) {
      toast.error(errorText(error, 'Could not resume sending'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {pauses.map((p) => (
        <div key={p.scope} className={`notification ${p.scope === 'all' ? 'is-danger' : 'is-warning'} is-light guard-notice`} role="alert" data-scope={p.scope}>
          <p>
            <strong>{p.mailbox_id !== null ? `Sending paused from mailbox "${p.mailbox_label ?? p.mailbox_id}"` : p.campaign_id === null ? 'Live sending is paused' : `Sending paused for campaign "${p.campaign_name ?? p.campaign_id}"`}</strong>
            {`: ${p.reason}. `}
            <span className="has-text-grey">Since {since(p.paused_at)}; {p.mailbox_id !== null ? 'its threads wait (other mailboxes still send)' : 'no email goes'} until you resume.</span>
          </p>
          <button type="button" className={`button is-small mt-2 ${busy === p.scope ? 'is-loading' : ''}`} disabled={busy !== null} onClick={() => void resume(p)}>
            {p.scope === 'all' ? 'Resume live sending' : 'Resume sending'}
          </button>
        </div>
      ))}
    </>
  );
}

/** The tag beside a campaign's status while the guard holds its emails. */
export function GuardTag({ campaignId }: { campaignId: number }) {
  const { data } = useGuards();
  const pause = data?.paused_campaigns.find((p) => p.campaign_id === campaignId);
  if (!pause) return null;
  return (
    <span className="tag is-warning is-light is-rounded is-size-7 mt-1 guard-tag" title={pause.reason}>
      Sending paused: {pause.cause === 'complaints' ? 'complaints' : 'bounces'}
    </span>
  );
}
