// What counts as a usable contact address, and how an address relates to the site: its own
// domain, a role mailbox, a free-mail box, a placeholder or machinery to ignore.
import { getDomain, getDomainWithoutSuffix } from 'tldts';

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;
// "logo@2x.png" and friends: file names a loose regex takes for addresses.
const FILE_TLD = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?|css|js|mjs|json|xml|pdf|mp[34]|webm|woff2?|ttf|eot|php|html?|aspx?)$/;

const PLACEHOLDER_DOMAINS = /(?:^|\.)(?:example\.(?:com|org|net)|domain\.(?:com|tld)|yourdomain\.[a-z]+|yoursite\.[a-z]+|yourwebsite\.[a-z]+|website\.com|email\.com|company\.com|mysite\.com|sitename\.com|test\.com|localhost)$/;
// Template words only: "email@" or "me@" can be a real mailbox on a real domain.
const PLACEHOLDER_LOCALS = /^(?:you|your|yourname|your[._-]?name|your[._-]?e?mail|name|firstname|first[._-]?last|firstname[._-]?lastname|john[._-]?doe|jane[._-]?doe|username|someone|somebody|example|sample)$/;
// Error reporting, analytics and site-builder machinery that ends up in page source.
const MACHINE_DOMAINS = /(?:^|\.)(?:sentry\.io|sentry-next\.wixpress\.com|sentry\.wixpress\.com|wixpress\.com|ingest\.sentry\.io|bugsnag\.com|rollbar\.com|mailchimp\.com|list-manage\.com|sendgrid\.net|mailgun\.org|amazonses\.com|cloudflare\.com|schema\.org|w3\.org|sentry\.[a-z.]+)$/;
const MACHINE_LOCALS = /^(?:no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|bounces?|abuse|hostmaster|root|nobody)$|^[a-f0-9]{16,}$/;

/** A cleaned address, or undefined when it is not one a person should write to. */
export function acceptEmail(raw: string): string | undefined {
  const email = raw.trim().replace(/^mailto:/i, '').replace(/[.,;:]+$/, '').toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1 || email.length > 254) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local) || !DOMAIN.test(domain)) return undefined;
  if (FILE_TLD.test(domain) || /@\d+x\./.test(email)) return undefined;
  if (PLACEHOLDER_DOMAINS.test(domain) || PLACEHOLDER_LOCALS.test(local)) return undefined;
  if (MACHINE_DOMAINS.test(domain) || MACHINE_LOCALS.test(local)) return undefined;
  return email;
}

/** The name part of a host or email domain: "lopezplumbing" for www.lopezplumbing.co.uk. */
export function domainName(host: string): string | undefined {
  return getDomainWithoutSuffix(host.toLowerCase()) ?? undefined;
}

/** The address is on the site's own domain: the same registrable domain, or the same name
 * under another extension (info@lopezplumbing.com on lopezplumbing.net or .localhost). */
export function isOwnDomain(email: string, siteHost: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const siteDomain = getDomain(siteHost);
  if (siteDomain && getDomain(domain) === siteDomain) return true;
  const a = domainName(domain);
  const b = domainName(siteHost);
  return Boolean(a && b && a === b);
}

/** A related domain: one name contains the other ("lopezplumbingtx" for lopezplumbing). */
export function isRelatedDomain(email: string, siteHost: string): boolean {
  const a = domainName(email.slice(email.lastIndexOf('@') + 1));
  const b = domainName(siteHost);
  return Boolean(a && b && a.length >= 5 && b.length >= 5 && (a.includes(b) || b.includes(a)));
}

const ROLE_LOCALS = new Set([
  'info', 'information', 'contact', 'contacts', 'contactus', 'contacto', 'contato', 'contatti', 'kontakt', 'hello', 'hola', 'hi',
  'hey', 'bonjour', 'hallo', 'ciao', 'office', 'post', 'mail', 'email', 'admin', 'enquiries', 'enquiry', 'inquiries',
  'inquiry', 'sales', 'support', 'service', 'services', 'team', 'booking', 'bookings', 'book', 'reservations',
  'reservation', 'reservas', 'appointments', 'appointment', 'reception', 'frontdesk', 'front.desk', 'biuro', 'sekretariat',
  'studio', 'shop', 'store', 'orders', 'order', 'help', 'care', 'customerservice', 'general', 'welcome', 'events',
  'catering', 'clinic', 'practice', 'dental', 'accounts', 'billing', 'marketing', 'careers', 'jobs', 'hr', 'webmaster',
]);

export function isRoleAddress(email: string): boolean {
  const local = email.slice(0, email.lastIndexOf('@'));
  return ROLE_LOCALS.has(local) || ROLE_LOCALS.has(local.replace(/[\d._-]+$/, ''));
}

const FREE_MAIL = /^(?:gmail|googlemail|yahoo|ymail|rocketmail|hotmail|outlook|live|msn|aol|icloud|me|mac|protonmail|proton|gmx|web|mail|yandex|zoho|fastmail|wp|o2|onet|interia|op|comcast|att|verizon|sbcglobal|bellsouth|cox|charter|earthlink|btinternet|sky|virginmedia|orange|free|laposte|sfr|t-online|libero|tiscali|bigpond|shaw|rogers|telus|qq|163|naver)$/;

/** A personal mailbox at a free provider: small businesses often use one as their address. */
export function isFreeMail(email: string): boolean {
  const name = domainName(email.slice(email.lastIndexOf('@') + 1));
  return Boolean(name && FREE_MAIL.test(name));
}

/** Letters only, accents folded: "Müller" → "muller". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The address belongs to the named person: maria@, maria.lopez@, mlopez@, lopez@ … */
export function isPersonalFor(email: string, name: string): boolean {
  const local = fold(email.slice(0, email.lastIndexOf('@')));
  const parts = name
    .replace(/^(?:dr|mr|mrs|ms|miss|prof)\.?\s+/i, '')
    .split(/\s+/)
    .map(fold)
    .filter((p) => p.length >= 2);
  if (parts.length === 0 || !local) return false;
  const first = parts[0];
  const last = parts[parts.length - 1];
  return (
    (first.length >= 3 && local.includes(first)) ||
    (last.length >= 3 && local.includes(last)) ||
    local === first[0] + last ||
    local === first + last[0]
  );
}
