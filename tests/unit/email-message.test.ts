import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/core/emails/links.ts';
import { composeMessage, type EmailToSend, type Sender } from '../../src/core/emails/message.ts';
import { TrackingTokens } from '../../src/core/emails/tracking-token.ts';

const tokens = new TrackingTokens(new Uint8Array(32).fill(3));
const publicUrl = 'https://crm.agency.example';
const sender: Sender = { fromEmail: 'hello@agency.example', fromName: 'Ada from Agency', postalAddress: '  1 Main St, Springfield  ' };
const email: EmailToSend = {
  id: 42,
  subject: 'Your website',
  body: 'Hi Bob,\n\nI looked at https://bobs-plumbing.example and saw a few things.\n\nThanks,\nAda',
  recipientEmail: 'bob@bobs-plumbing.example',
};

const unsubscribeUrl = `${publicUrl}/u/${tokens.token('unsubscribe', 42)}`;
const clickToken = tokens.token('click', 42);
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);

describe('composeMessage', () => {
  it('carries RFC 8058 one-click unsubscribe headers', () => {
    const m = composeMessage(email, sender, { publicUrl, tokens, track: false });
    expect(m.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:hello@agency.example?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribeUrl.startsWith('https://')).toBe(true);
    expect(tokens.verify('unsubscribe', unsubscribeUrl.split('/u/')[1])).toBe(42);
  });

  it('addresses the message and uses the stable Message-ID', () => {
    const m = composeMessage(email, sender, { publicUrl, tokens, track: false });
    expect(m.from).toEqual({ email: 'hello@agency.example', name: 'Ada from Agency' });
    expect(m.to).toEqual({ email: 'bob@bobs-plumbing.example' });
    expect(m.subject).toBe('Your website');
    expect(m.messageId).toBe(tokens.messageId(42, 'hello@agency.example'));
    expect(composeMessage(email, sender, { publicUrl, tokens, track: true }).messageId).toBe(m.messageId);
  });

  it('ends the text with a footer holding the postal address and the unsubscribe URL', () => {
    const m = composeMessage({ ...email, body: `${email.body}\n\n\n` }, sender, { publicUrl, tokens, track: false });
    expect(m.text).toBe(`${email.body}\n\n--\n1 Main St, Springfield\nNot interested? Unsubscribe: ${unsubscribeUrl}\n`);
  });

  it("signs a draft that still holds the {sender_name} placeholder with the sender's name, in text and HTML", () => {
    const unsigned = { ...email, body: 'Hi Bob,\n\nA quick idea.\n\nBest regards,\n{sender_name}' };
    const m = composeMessage(unsigned, sender, { publicUrl, tokens, track: true });
    expect(m.text.startsWith('Hi Bob,\n\nA quick idea.\n\nBest regards,\nAda from Agency\n\n--\n')).toBe(true);
    expect(m.html).toContain('Best regards,<br>Ada from Agency');
    expect(m.html).not.toContain('{sender_name}');
    // Without a name (the outbox only) the placeholder stays visible rather than a made-up name.
    expect(composeMessage(unsigned, { fromEmail: sender.fromEmail }, { publicUrl, tokens, track: false }).text).toContain('{sender_name}');
  });

  it('leaves the postal address line out when none is configured', () => {
    const m = composeMessage(email, { fromEmail: sender.fromEmail, fromName: sender.fromName }, { publicUrl, tokens, track: false });
    expect(m.text.endsWith(`\n--\nNot interested? Unsubscribe: ${unsubscribeUrl}\n`)).toBe(true);
    expect(m.text).not.toContain('Springfield');
  });

  it('sends plain text only when tracking is off (no pixel, no rewritten links)', () => {
    const m = composeMessage(email, sender, { publicUrl, tokens, track: false });
    expect(m.html).toBeUndefined();
    expect(m.text).toContain('https://bobs-plumbing.example');
    expect(m.text).not.toContain('/t/');
  });

  it('escapes untrusted body text in the HTML part', () => {
    const body = 'Hi <script>alert("x")</script> & \'friends\'\n<img src=x onerror=alert(1)>';
    const html = composeMessage({ ...email, body }, sender, { publicUrl, tokens, track: true }).html!;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('escapes the postal address in the HTML footer', () => {
    const html = composeMessage(email, { ...sender, postalAddress: 'Smith & Sons <b>HQ</b>' }, { publicUrl, tokens, track: true }).html!;
    expect(html).toContain('Smith &amp; Sons &lt;b&gt;HQ&lt;/b&gt;');
  });

  it('rewrites every body link, in order, to the click endpoint by position', () => {
    const body = [
      'See https://a.example/one, and https://b.example/two.',
      '',
      'Also https://a.example/one again (https://c.example/three).',
      'Not a link: javascript:alert(1) or mailto:bob@example.com',
    ].join('\n');
    const html = composeMessage({ ...email, body }, sender, { publicUrl, tokens, track: true }).html!;
    const links = hrefs(html);
    expect(links.slice(0, 4)).toEqual([0, 1, 2, 3].map((n) => `${publicUrl}/t/c/${clickToken}/${n}`));
    // The visible text of each link is still the original URL, with the sentence punctuation outside.
    expect(html).toContain(`See <a href="${publicUrl}/t/c/${clickToken}/0">https://a.example/one</a>, and <a href="${publicUrl}/t/c/${clickToken}/1">https://b.example/two</a>.`);
    expect(html).toContain(`(<a href="${publicUrl}/t/c/${clickToken}/3">https://c.example/three</a>).`);
    // No original URL is linked directly, and non-http schemes are not links at all.
    for (const href of links) expect(href.startsWith(`${publicUrl}/`)).toBe(true);
    expect(html).not.toMatch(/href="(javascript|mailto):/);
    expect(tokens.verify('click', clickToken)).toBe(42);
  });

  it('adds the open pixel, a hidden honeypot link and an HTML unsubscribe link', () => {
    const html = composeMessage(email, sender, { publicUrl, tokens, track: true }).html!;
    const openToken = tokens.token('open', 42);
    expect(html).toContain(`<img src="${publicUrl}/t/o/${openToken}.gif" width="1" height="1"`);
    expect(tokens.verify('open', openToken)).toBe(42);
    expect(html).toMatch(new RegExp(`<a href="${escapeRe(`${publicUrl}/t/c/${clickToken}/hp`)}" style="display:none" aria-hidden="true"[^>]*></a>`));
    expect(html).toContain(`Not interested? <a href="${unsubscribeUrl}">Unsubscribe</a>`);
    expect(html).toContain('1 Main St, Springfield');
    // Exactly: the one body link, the unsubscribe link and the honeypot.
    expect(hrefs(html)).toEqual([`${publicUrl}/t/c/${clickToken}/0`, unsubscribeUrl, `${publicUrl}/t/c/${clickToken}/hp`]);
  });

  it('keeps paragraphs and line breaks of the body', () => {
    const html = composeMessage(email, sender, { publicUrl, tokens, track: true }).html!;
    expect(html).toContain('<p>Hi Bob,</p>');
    expect(html).toContain('<p>Thanks,<br>Ada</p>');
  });
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('extractLinks', () => {
  it('finds http and https links in order, without trailing sentence punctuation', () => {
    const text = 'Visit https://a.example/x. Or http://b.example/?q=1&r=2, or HTTPS://C.example! Really? https://d.example/path?;:\n(https://e.example/f)';
    expect(extractLinks(text)).toEqual(['https://a.example/x', 'http://b.example/?q=1&r=2', 'HTTPS://C.example', 'https://d.example/path', 'https://e.example/f']);
  });

  it('ignores other schemes and bare domains', () => {
    expect(extractLinks('javascript:alert(1) mailto:bob@example.com ftp://files.example data:text/html,hi www.example.com')).toEqual([]);
  });

  it('returns nothing for text without links', () => {
    expect(extractLinks('')).toEqual([]);
    expect(extractLinks('Hello there.')).toEqual([]);
  });

  it('stops a link at quotes and angle brackets', () => {
    expect(extractLinks('<https://a.example/x> "https://b.example/y"')).toEqual(['https://a.example/x', 'https://b.example/y']);
  });
});
