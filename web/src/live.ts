// The live channel client: one WebSocket while signed in; it reconnects 5 s after a close
// and pings every 30 s. Messages refresh the affected data and show the spec's toasts.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import defaults from '../../config/default.json';
import { prependActivity, type ActivityItem } from './api/activity.ts';
import { EMAILS_KEY, refreshEmails } from './api/emails.ts';
import { refreshReplies } from './api/replies.ts';
import { useToast } from './components/Toasts.tsx';
import { sentHere } from './components/outreach/sentHere.ts';

interface LiveMessage {
  type: string;
  activity_type?: string;
  message?: string;
  details?: { email_id?: number };
  data?: { new_status?: string };
}

const EMAIL_TOASTS: Record<string, string> = {
  OPENED: '📧 Email opened!',
  CLICKED: '🔗 Link clicked!',
  REPLIED: '💬 New reply received!',
};

const startsWith = (...prefixes: string[]) => (key: unknown) => typeof key === 'string' && prefixes.some((p) => key.startsWith(p));

export function liveUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}

export function useLiveChannel(token: string | undefined): void {
  const { mutate } = useSWRConfig();
  const toast = useToast();

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | undefined;
    let stopped = false;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const refresh = (...prefixes: string[]) => {
      void mutate(startsWith(...prefixes));
      // The emails list is paged (useSWRInfinite), which a key filter does not reach.
      if (prefixes.includes(EMAILS_KEY)) void refreshEmails();
    };

    const handle = (message: LiveMessage) => {
      switch (message.type) {
        case 'activity':
          void prependActivity(message as unknown as ActivityItem);
          refresh('/api/dashboard');
          if (message.activity_type === 'email_generated' || message.activity_type === 'draft_created') refresh('/api/drafts', '/api/emails');
          if (message.activity_type === 'email_sent' && !sentHere(message.details?.email_id)) toast.success('✅ Email sent!');
          // A deal moved (or a lead's status set by hand, which can win or un-win its deal): the board and the lead follow.
          if (message.activity_type === 'deal_moved' || message.activity_type === 'status_change') refresh('/api/deals', '/api/leads');
          if (message.activity_type === 'email_replied' || message.activity_type === 'reply_answered') void refreshReplies();
          // The bounce and complaint guard, or a blocklist listing, paused sending or an operator resumed it: the notices follow at once.
          if (message.activity_type === 'sending_paused' || message.activity_type === 'sending_resumed') refresh('/api/guards', '/api/deliverability');
          // A reply that shows interest: the deal moved; say who, at once.
          if (message.activity_type === 'reply_notification') {
            toast.success(`🎉 ${message.message ?? 'A lead is interested'}`);
            refresh('/api/deals', '/api/leads');
          }
          break;
        case 'email_status_changed': {
          const text = EMAIL_TOASTS[message.data?.new_status ?? ''];
          if (text) {
            refresh('/api/emails', '/api/dashboard');
            toast.info(text);
          } else {
            refresh('/api/emails'); // e.g. SENT: the Outreach screen moves the email to Sent Emails
          }
          break;
        }
        case 'lead_status_changed':
          refresh('/api/leads', '/api/dashboard');
          break;
        case 'campaign_updated':
          refresh('/api/campaigns', '/api/dashboard');
          break;
        default:
          break; // 'pong' and anything newer than this client
      }
    };

    const connect = () => {
      socket = new WebSocket(liveUrl(token));
      socket.onmessage = (event) => {
        try {
          handle(JSON.parse(String(event.data)) as LiveMessage);
        } catch {
          /* not ours to understand */
        }
      };
      socket.onopen = () => {
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), defaults.ui.live_ping_ms);
      };
      socket.onclose = () => {
        clearInterval(ping);
        if (!stopped) reconnect = setTimeout(connect, defaults.ui.live_reconnect_ms);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearInterval(ping);
      socket?.close();
    };
  }, [token, mutate, toast]);
}
