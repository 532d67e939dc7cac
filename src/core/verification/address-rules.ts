// What an address says about itself, before any DNS: its syntax, placeholder text left in a
// template, addresses nobody reads (no-reply, bounce handlers), role addresses that are not a
// buyer's, and throwaway (disposable) domains. Invalid means it cannot or will not reach a
// person; risky means it might, and a human decides. When unsure, say risky, not invalid.
import type { RecipientVerdict } from '../model/verification.ts';

export interface Finding {
  verdict: RecipientVerdict;
  reason: string;
}

// RFC 5321 limits; the local part as a dot-atom (no quoted strings: no business uses them).
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** 'Info@Shop.COM ' → { local: 'info', domain: 'shop.com' }, or the syntax problem. */
export function parseAddress(raw: string): { local: string; domain: string } | { problem: string } {
  const address = raw.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return { problem: 'not an email address (needs name@domain)' };
  if (address.length > 254) return { problem: 'address longer than 254 characters' };
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.$/, '');
  if (local.length > 64) return { problem: 'the part before @ is longer than 64 characters' };
  if (!LOCAL.test(local)) return { problem: `"${local}" is not a valid name before @` };
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1])) {
    return { problem: `"${domain}" is not a valid domain` };
  }
  return { local, domain };
}

// Files a crawler mistakes for addresses: logo@2x.png, hero@3x.webp.
const FILE_SUFFIX = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?|css|js)$/;

// Names that never route mail (RFC 6761/6762), and the stock filler of website templates and
// form hints. The .test and .example TLDs are left to DNS: the public DNS says they do not
// exist, while a private one (OUTREACH_DNS_SERVER) may serve them in a test setup.
const RESERVED_TLDS = new Set(['invalid', 'localhost', 'local']);
const PLACEHOLDER_DOMAINS = new Set([
  'example.com', 'example.net', 'example.org', 'domain.com', 'yourdomain.com', 'your-domain.com', 'yoursite.com',
  'yourwebsite.com', 'yourcompany.com', 'mydomain.com',
  // Error-reporting and site-builder internals that crawled pages carry in scripts.
  'sentry.io', 'wixpress.com',
]);
const PLACEHOLDER_LOCALS = new Set([
  'test', 'tester', 'testing', 'your', 'youremail', 'your.email', 'your-email', 'your_email', 'yourname', 'your.name',
  'email', 'user', 'username', 'name', 'example', 'someone', 'somebody', 'firstname.lastname', 'first.last', 'john.doe', 'jane.doe',
]);

// Nobody reads these: mail to them is lost, or bounces back to a robot.
const UNREAD_LOCALS = new Set(['noreply', 'no-reply', 'no_reply', 'donotreply', 'do-not-reply', 'do_not_reply', 'mailer-daemon', 'bounce', 'bounces']);
// Mail administrators' mailboxes: read, but by the wrong person for a sales email.
const ADMIN_LOCALS = new Set(['postmaster', 'abuse', 'hostmaster']);

/**
 * What the address itself shows, or null when nothing is wrong with it and the domain decides.
 * info@, contact@, hello@, office@ are how small businesses are reached: they pass.
 */
export function addressFinding(raw: string, isDisposable: (domain: string) => boolean): Finding | null {
  const parsed = parseAddress(raw);
  if ('problem' in parsed) return { verdict: 'invalid', reason: parsed.problem };
  const { local, domain } = parsed;
  if (FILE_SUFFIX.test(domain)) return { verdict: 'invalid', reason: `looks like an image or file name (${local}@${domain}), not an address` };
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld) || PLACEHOLDER_DOMAINS.has(domain) || domain.endsWith('.sentry.io') || domain.endsWith('.wixpress.com')) {
    return { verdict: 'invalid', reason: `placeholder domain (${domain}): it receives no mail for anyone` };
  }
  if (UNREAD_LOCALS.has(local)) return { verdict: 'invalid', reason: `${local}@ is an address nobody reads` };
  if (isDisposable(domain)) return { verdict: 'risky', reason: `disposable (throwaway) email domain ${domain}` };
  if (PLACEHOLDER_LOCALS.has(local)) return { verdict: 'risky', reason: `${local}@ looks like placeholder text, not a real mailbox` };
  if (ADMIN_LOCALS.has(local)) return { verdict: 'risky', reason: `${local}@ is a mail administrator's address, not the business owner's` };
  return null;
}
