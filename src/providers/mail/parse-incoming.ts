// Raw RFC 5322 message → the IncomingMessage core reasons about (mailparser does the MIME,
// the encodings and the HTML-only bodies).
import { simpleParser, type ParsedMail } from 'mailparser';
import type { IncomingMessage } from '../../core/replies/index.ts';

export async function parseIncoming(source: Buffer | string, receivedAt?: Date): Promise<IncomingMessage> {
  // mailparser reduces an HTML-only body to its text (scripts and styles dropped).
  const message = toIncoming(await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true }), receivedAt);
  return { ...message, raw: typeof source === 'string' ? source : source.toString('utf8') };
}

export function toIncoming(mail: ParsedMail, receivedAt?: Date): IncomingMessage {
  const references = mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references,
    from: mail.from?.value.find((a) => a.address)?.address,
    fromName: mail.from?.value.find((a) => a.address)?.name || undefined,
    subject: mail.subject ?? '',
    headers: headerMap(mail),
    text: mail.text ?? '',
    date: receivedAt ?? mail.date,
    attached: reportParts(mail),
  };
}

// A report's machine parts (a feedback or delivery report, the original message or its headers)
// come as attachments, transfer-decoded: the feedback-loop rule reads them (core/replies/match.ts).
function reportParts(mail: ParsedMail): string[] | undefined {
  const parts = mail.attachments.filter((a) => /^(message\/|text\/rfc822-headers)/i.test(a.contentType)).map((a) => a.content.toString('utf8').slice(0, 65_536));
  return parts.length > 0 ? parts : undefined;
}

/** Lower-case name → unfolded raw value; the first occurrence wins (Received repeats). */
function headerMap(mail: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
    headers[key.toLowerCase()] ??= value;
  }
  return headers;
}
