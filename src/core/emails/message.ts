// What one outreach email looks like on the wire: the reviewed plain-text body (signed with
// the sender's name where the draft still holds the {sender_name} placeholder), a footer
// with the sender's postal address and an unsubscribe link, RFC 8058 one-click
// unsubscribe headers, a stable Message-ID and — only when tracking is on — a minimal
// HTML twin carrying the open pixel and tracked links.
import type { OutgoingEmail } from '../model/providers.ts';
import { escapeHtml } from '../html.ts';
import { renderSignature } from '../settings/email-config.ts';
import { extractLinks } from './links.ts';
import type { TrackingTokens } from './tracking-token.ts';

export interface Sender {
  fromEmail: string;
  /** The sender's own name; the outbox may have none (the From is then the bare address). */
  fromName?: string;
  postalAddress?: string;
}

export interface EmailToSend {
  id: number;
  subject: string;
  body: string;
  recipientEmail: string;
  /** A follow-up's place in the thread (the step before's Message-ID, and the chain). */
  inReplyTo?: string | null;
  references?: string | null;
}

export interface TrackingLinks {
  /** The public base URL of this server, without a trailing slash. */
  publicUrl: string;
  tokens: TrackingTokens;
  /** Opens and clicks tracked (adds the HTML part). */
  track: boolean;
}

export const trackingPaths = {
  open: (token: string) => `/t/o/${token}.gif`,
  click: (token: string, index: number | 'hp') => `/t/c/${token}/${index}`,
  unsubscribe: (token: string) => `/u/${token}`,
};

export function composeMessage(email: EmailToSend, sender: Sender, links: TrackingLinks): OutgoingEmail {
  // A draft written before the sender named themselves still holds {sender_name}: it is signed now.
  if (sender.fromName) email = { ...email, body: renderSignature(email.body, sender.fromName) };
  const { publicUrl, tokens } = links;
  const unsubscribeUrl = publicUrl + trackingPaths.unsubscribe(tokens.token('unsubscribe', email.id));
  const footer = [sender.postalAddress?.trim(), `Not interested? Unsubscribe: ${unsubscribeUrl}`].filter(Boolean).join('\n');
  const text = `${email.body.trimEnd()}\n\n--\n${footer}\n`;
  return {
    messageId: tokens.messageId(email.id, sender.fromEmail),
    from: { email: sender.fromEmail, name: sender.fromName },
    to: { email: email.recipientEmail },
    subject: email.subject,
    text,
    html: links.track ? trackedHtml(email, footer, links) : undefined,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${sender.fromEmail}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      ...(email.inReplyTo && { 'In-Reply-To': email.inReplyTo, References: email.references || email.inReplyTo }),
    },
  };
}


/** The body as plain paragraphs; each link points at the click endpoint, by its position. */
function trackedHtml(email: EmailToSend, footer: string, { publicUrl, tokens }: TrackingLinks): string {
  const clickToken = tokens.token('click', email.id);
  const links = extractLinks(email.body);
  let next = 0;
  const withLinks = (line: string) => {
    let out = '';
    let rest = line;
    for (;;) {
      const link = links[next];
      const at = link === undefined ? -1 : rest.indexOf(link);
      if (at < 0) return out + escapeHtml(rest);
      out += `${escapeHtml(rest.slice(0, at))}<a href="${escapeHtml(publicUrl + trackingPaths.click(clickToken, next))}">${escapeHtml(link)}</a>`;
      rest = rest.slice(at + link.length);
      next++;
    }
  };
  const paragraphs = email.body
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(withLinks).join('<br>')}</p>`);
  const unsubscribe = publicUrl + trackingPaths.unsubscribe(tokens.token('unsubscribe', email.id));
  const footerHtml = footer
    .split('\n')
    .map((line) => (line.startsWith('Not interested?') ? `Not interested? <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>` : escapeHtml(line)))
    .join('<br>');
  return [
    '<!doctype html><html><body style="font-family:sans-serif;font-size:14px;line-height:1.5">',
    ...paragraphs,
    `<p style="color:#777;font-size:12px">${footerHtml}</p>`,
    // A link no person can see: whatever follows it is a machine (scanner or prefetcher).
    `<a href="${escapeHtml(publicUrl + trackingPaths.click(clickToken, 'hp'))}" style="display:none" aria-hidden="true" tabindex="-1"></a>`,
    `<img src="${escapeHtml(publicUrl + trackingPaths.open(tokens.token('open', email.id)))}" width="1" height="1" alt="" style="display:block;border:0">`,
    '</body></html>',
  ].join('\n');
}
