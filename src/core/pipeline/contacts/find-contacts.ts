// findContacts: the addresses a site shows, best first, the one to write to, and the person to
// greet when the site names its owner or contact (greeting-name.ts, the one rule for that person).
// Nothing is invented: every address and name comes from the pages.
//
// Ranking: the site's own domain first — the named owner's personal address when the site
// names an owner, then role mailboxes (info@, contact@ …), then other personal ones; then
// free-mail boxes (a small business's gmail address); then other domains; addresses in a
// "website by …" credit (the web agency's) last. The primary address is the first one that
// belongs to the business: never an agency's, never an unrelated domain's.
import type { CrawlResult } from '../../model/crawl.ts';
import { businessName } from '../analyze/business-name.ts';
import { okPages, parse, siteHostname } from '../analyze/dom.ts';
import { greetingName, type GreetingName } from '../analyze/greeting-name.ts';
import { domainName, fold, isFreeMail, isOwnDomain, isPersonalFor, isRelatedDomain, isRoleAddress } from './email-rules.ts';
import { extractEmails, type Candidate } from './extract-emails.ts';

export interface Contacts {
  /** Best first. */
  emails: string[];
  primary?: string;
  /** The person to greet: only someone the site names as its owner or contact (greeting.name). */
  contactName?: string;
  /** That person's role and what the page says, quoted, with its url. */
  greeting?: GreetingName;
  /** email → where it was found ("mailto link on /contact"). */
  sources: Record<string, string>;
  /** Addresses shown in a "website by …" credit: the web agency's, never the business's. */
  credits: string[];
}

const Rank = { OwnerPersonal: 0, OwnRole: 1, OwnOther: 2, FreeMail: 3, Related: 4, Other: 5, Credit: 6 } as const;
type Rank = (typeof Rank)[keyof typeof Rank];

function rankOf(c: Candidate, host: string, name: string | undefined): Rank {
  if (isOwnDomain(c.email, host)) {
    if (name && isPersonalFor(c.email, name) && !isRoleAddress(c.email)) return Rank.OwnerPersonal;
    return isRoleAddress(c.email) ? Rank.OwnRole : Rank.OwnOther;
  }
  if (c.credit) return Rank.Credit;
  if (isFreeMail(c.email)) return Rank.FreeMail;
  return isRelatedDomain(c.email, host) ? Rank.Related : Rank.Other;
}

/**
 * `known.businessName` is the name the caller already decided for this crawl (businessName() in
 * business-name.ts); without it the name is decided here from the same pages.
 */
export function findContacts(crawl: CrawlResult, known?: { businessName: string | undefined }): Contacts {
  const pages = okPages(crawl).map(parse);
  const host = siteHostname(crawl);
  const home = pages.find((p) => p.page === crawl.home);
  const business = known ? known.businessName : home && businessName(home, pages)?.name;
  const greeting = greetingName(pages, business);
  const contactName = greeting?.name;
  // First sighting wins for the source; a credit anywhere marks the address as the agency's.
  const seen = new Map<string, Candidate>();
  for (const p of pages) {
    for (const c of extractEmails(p)) {
      const known = seen.get(c.email);
      if (!known) seen.set(c.email, { ...c });
      else known.credit ||= c.credit;
    }
  }
  // Text run together by the markup ("+31 6 41 83 82 70info@x.eu") glues junk to the front of
  // an address the page also shows cleanly: keep the clean one.
  for (const [email, c] of seen) {
    if (c.how.startsWith('page text') && [...seen.keys()].some((other) => other !== email && email.endsWith(other))) seen.delete(email);
  }
  // Within a rank, an address named like the site (sinicki@ on kancelariasinicki.pl) comes first.
  const siteName = fold(domainName(host) ?? '');
  const echoesSite = (email: string) => {
    const local = fold(email.slice(0, email.lastIndexOf('@')));
    return local.length >= 4 && siteName.includes(local) ? 0 : 1;
  };
  const ranked = [...seen.values()]
    .map((c, order) => ({ c, order, rank: rankOf(c, host, contactName), echo: echoesSite(c.email) }))
    .sort((a, b) => a.rank - b.rank || a.echo - b.echo || a.order - b.order);
  const primary = ranked.find((r) => r.rank <= Rank.Related)?.c.email;
  return {
    emails: ranked.map((r) => r.c.email),
    ...(primary && { primary }),
    ...(greeting && { contactName: greeting.name, greeting }),
    sources: Object.fromEntries(ranked.map((r) => [r.c.email, r.c.how])),
    credits: ranked.filter((r) => r.c.credit).map((r) => r.c.email),
  };
}

/**
 * The operator's list knew an address; the site may show one too. The list's is kept unless the
 * site's ranks strictly higher by the rules above. A list address on the site's own domain counts
 * as the owner's (the operator knows this person) and is never replaced; one elsewhere (a
 * free-mail box, another domain) gives way to an address on the site's own domain.
 */
export function chooseContact(listEmail: string | null, site: Contacts, siteHost: string): { email: string | null; source: 'site' | 'list' | null } {
  if (!listEmail) return { email: site.primary ?? null, source: site.primary ? 'site' : null };
  if (!site.primary || site.primary === listEmail) return { email: listEmail, source: 'list' };
  const rank = (email: string) => rankOf({ email, how: '', credit: site.credits.includes(email) }, siteHost, site.contactName);
  // The operator knows this person: an address of theirs on the site's own domain ranks first.
  const listRank = isOwnDomain(listEmail, siteHost) ? Rank.OwnerPersonal : rank(listEmail);
  return rank(site.primary) < listRank ? { email: site.primary, source: 'site' } : { email: listEmail, source: 'list' };
}
