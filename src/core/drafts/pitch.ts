// What an email to this business may be about: the one rule both writers (offline and Gemini)
// are bound by, because the brief carries only what it chooses. An owner answers a measured,
// specific problem that costs them customers, so the findings are ranked by that and filtered
// by trade: online booking only for businesses whose customers book a time, online ordering
// only where people plausibly buy online. True but trivial findings (no analytics, alt text,
// no contact form beside a printed address, a library version an owner has never heard of, a
// copyright year only a little behind, or an old copyright year or a dead social link alone)
// are never pitched. At most two findings, one per topic; none left means nothing worth
// saying, and the lead is not written to.
import { auditFindings } from '../audit/findings.ts';
import { unreadScope } from './claims.ts';
import { CREDITED_CONFIDENCE, type Finding, type FindingId, type SiteState } from '../model/analysis.ts';
import type { SiteAudit } from '../model/audit.ts';

/** At most this many findings are stated: one strong point reads as a note, three as an audit. */
export const MAX_PITCHED = 2;

/** Strongest first: what a visitor sees or suffers, measured, before what the owner might want. */
const ORDER: FindingId[] = [
  'site_broken',
  'error_message',
  'certificate_expired',
  'flash_content',
  // A number that rings elsewhere loses the very callers the site was for.
  'phone_mismatch',
  // So does a phone or email link that reaches no one.
  'bad_phone_link',
  'bad_email_link',
  'form_not_secure',
  'no_ssl',
  'slow_mobile',
  'broken_links',
  'broken_images',
  'template_text',
  // A link to a closed network is as checkable as a broken link, and says more than "no phone layout" any old site hears.
  'closed_service',
  'no_viewport',
  'layout_shift',
  'low_performance',
  'heavy_page',
  'certificate_expiring',
  'search_position',
  'no_title',
  // A mask rule still on the home page says most plainly that no one has looked at it since.
  'pandemic_notice',
  // News or posts whose latest date is years old say more than the footer's year: the page itself stopped.
  'stale_dates',
  'stale_copyright',
  'no_booking',
  'no_ecommerce',
  'slow_home',
];

/**
 * A copyright year is worth mentioning only when it is clearly old: a year or two behind is
 * common on well-kept sites (the analysis keeps any year 3 or more behind, as a fact).
 */
export const PITCHED_COPYRIGHT_AGE = 5;

/** Signs of neglect that back a point but are not worth an email alone. */
const BACKS_ONLY: ReadonlySet<FindingId> = new Set(['stale_copyright', 'stale_dates', 'pandemic_notice', 'closed_service', 'no_title']);

/** Findings that say the same thing twice if both are stated: the first of a group is kept. */
const TOPIC: Partial<Record<FindingId, string>> = {
  certificate_expired: 'security',
  certificate_expiring: 'security',
  form_not_secure: 'security',
  no_ssl: 'security',
  slow_mobile: 'speed',
  low_performance: 'speed',
  slow_home: 'speed',
  broken_links: 'broken',
  broken_images: 'broken',
  pandemic_notice: 'stale',
  stale_dates: 'stale',
  stale_copyright: 'stale',
};

/** Trades whose customers book a time (an appointment, a table, a session, a visit). */
const BOOKS =
  /\b(dent|orthodont|salon|hair|barber|beauty|spa\b|nail|lash|brow|massage|wellness|fitness|gym|yoga|pilates|personal train|physio|chiropract|osteopath|therap|clinic|medical|doctor|physician|veterinar|vet\b|groom|photograph|restaurant|bistro|tutor|driving school|auto repair|mechanic|car repair|cleaning|peluquer|dentist|zahnarzt|friseur|coiffe|fisioterap|kosmety|fryzjer|restauracj|kapper|tandarts|parrucchier|dentista|cabeleir)/i;

/** Trades whose customers plausibly buy or order online. */
const SELLS_ONLINE = /\b(florist|flower|bakery|bakeries|caf[eé]|coffee|pastr|retail|shop|boutique|clothing|apparel|jewel|gift|furniture|store|wine|deli|chocolat|bookshop|fleur|blumen|flores|panader|boulanger|b[äa]cker|kwiaciarn|bloemist|fiorai)/i;

/** Who a business serves, so an email says who sees a problem ("your patients") rather than "visitors". */
export type Audience = 'patients' | 'clients' | 'guests' | 'customers' | 'parents';

/** Checked in order: a dental clinic's people are patients, a beauty clinic's clients, a nursery's the children's parents. */
const AUDIENCES: Array<[RegExp, Audience]> = [
  [/\b(childcare|(?:day|children's|montessori) nurser(?:y|ies)|nursery school|kindergarten|pre-?school|montessori|daycare|day care|kita\b|kindertagesst|cr[èe]che|garderie|guarder[íi]a|jard[íi]n infantil|jardim infantil|jardim de inf[âa]ncia|infant[áa]rio|asilo nido|scuola dell'infanzia|kinderopvang|kinderdagverblijf|peuterspeelzaal|przedszkol|[żz][łl]ob(?:ek|ki))/i, 'parents'],
  [/\b(beauty|salon|hair|barber|spa\b|nail|lash|brow|massage|wellness|kosmety|fryzjer|coiffe|friseur|peluquer|kapper|parrucchier|cabeleir)/i, 'clients'],
  [/\b(dent|orthodont|medical|doctor|physician|clinic|physio|chiropract|osteopat|ost[ée]opath|optometr|stomatolog|pediatric|therap|surg|chirurg|lekarz|fizjoterap)/i, 'patients'],
  [/\b(restaurant|bistro|pizzeria|hotel|guest ?house|inn\b|b&b|bed and breakfast|lodging|trattoria|brasserie|restauracj)/i, 'guests'],
  [/\b(travel|legal|law\b|law firm|attorney|lawyer|notar|account|bookkeep|tax\b|taxes|real estate|realt|photograph|fitness|gym|yoga|pilates|personal train|tutor|coach|consult|insurance|financ|architect|veterinar|vet\b|groom|kancelari|adwokat)/i, 'clients'],
  [/\b(plumb|roof|hvac|heating|electric|landscap|lawn|garden|cleaning|auto|mechanic|car\b|construction|builder|remodel|bakery|caf[eé]|coffee|florist|flower|retail|shop|store|boutique|furniture|jewel|wine|deli\b|moving|pest|locksmith|garage)/i, 'customers'],
];

export interface Trade {
  books: boolean;
  sellsOnline: boolean;
  /** Who the business serves, when its trade says so. */
  audience: Audience | null;
}

/**
 * Who a lead's business serves: from its trade, else from its name ("Nong Thon Restaurant", "The
 * Hive Organic Salon"), else from its doctor, else its customers: every business has them, and
 * owners read "people" or "visitors" as a note that could go to anyone.
 */
export function audienceOf(lead: { industry?: string | null; companyName?: string | null; contactName?: string | null }): Audience {
  // A practice whose owner the page calls a doctor ("Perfect Smile - Peter Sabolch, DMD") has patients.
  const doctor = /^Dra?\.?\s/.test(lead.contactName ?? '');
  return tradeOf(lead.industry).audience ?? tradeOf(lead.companyName).audience ?? (doctor ? 'patients' : 'customers');
}

export function tradeOf(industry: string | null | undefined): Trade {
  const text = industry ?? '';
  return { books: BOOKS.test(text), sellsOnline: SELLS_ONLINE.test(text), audience: AUDIENCES.find(([re]) => re.test(text))?.[1] ?? null };
}

/** The findings an email may state, strongest first: at most MAX_PITCHED, one per topic, fitted to the trade. */
export function pitchFindings(findings: Finding[], industry: string | null | undefined, now = new Date()): Finding[] {
  const trade = tradeOf(industry);
  const byId = new Map<FindingId, Finding>();
  for (const f of findings) if (!byId.has(f.id)) byId.set(f.id, f);
  const topics = new Set<string>();
  const out: Finding[] = [];
  for (const id of ORDER) {
    const finding = byId.get(id);
    if (!finding) continue;
    if (unreadScope(finding)) continue;
    if (id === 'no_booking' && !trade.books) continue;
    if (id === 'no_ecommerce' && !trade.sellsOnline) continue;
    // A year only a web designer's credit shows is the maker's line (raters called it weak, twice): a fact, not a point.
    if ((id === 'stale_copyright' || id === 'stale_dates') && (finding.value === null || now.getUTCFullYear() - finding.value < PITCHED_COPYRIGHT_AGE || finding.confidence <= CREDITED_CONFIDENCE)) continue;
    // Only an error the server answered: a parked, empty or script-drawn page may be the owner's choice, or our misreading.
    if (id === 'site_broken' && (finding.value === null || finding.value < 400)) continue;
    const topic = TOPIC[id];
    if (topic && topics.has(topic)) continue;
    if (topic) topics.add(topic);
    out.push(finding);
    // A site that is down is the whole story: anything else would read as nitpicking.
    if (id === 'site_broken' || out.length === MAX_PITCHED) break;
  }
  // An old footer year, a dead social icon or a missing title backs a point; alone it is trivia (owners rated such drafts 2).
  return out.every((f) => BACKS_ONLY.has(f.id)) ? [] : out;
}

/** Web design, development and marketing businesses: they would be pitched their own trade. */
const AGENCY =
  /\b(web ?design(?:ers?)?|web(?:site)? (?:development|developers?|agency|studio)|digital (?:marketing|agency)|marketing agency|seo (?:agency|services|company|experts?)|search engine optimi[sz]ation|webagentur|werbeagentur|webdesign(?:er)?|agence (?:web|digitale|de communication)|cr[ée]ation de sites?|dise[ñn]o web|agencia (?:digital|de marketing|web)|agencja (?:interaktywna|marketingowa|reklamowa)|projektowanie stron|tworzenie stron|agenzia web|realizzazione siti|cria[çc][ãa]o de sites|ag[êe]ncia digital|webbureau|internetbureau)\b/i;

/** Why a business is not pitched at all, or null: a web or marketing agency does what we would sell it. */
export function agencyHold(lead: { industry?: string | null; businessSummary?: string | null; companyName?: string | null }): string | null {
  const text = [lead.industry, lead.companyName, lead.businessSummary].filter(Boolean).join(' \n ');
  const m = AGENCY.exec(text);
  return m ? `the site is itself a web or marketing agency ("${m[0]}"): it is not pitched web work` : null;
}

export const NOTHING_WORTH_SAYING = 'nothing worth saying: the crawl and the audit found no problem an owner would act on';

/** Why a site whose home page could not be judged is not written to (a broken site that answered an error is: it is the whole story). */
const UNJUDGED: Partial<Record<SiteState, string>> = {
  parked: 'the address shows no business site yet (a parking, placeholder or "coming soon" page): nothing to write about',
  empty: 'the home page is blank: nothing to write about',
  forwards: "the home page only forwards visitors to another address: the business's site is there, not here",
  network: "the page is on another organisation's site (a franchise network or a portal): its owner cannot change that site",
  closing: 'the home page says the business is closing down for good: there is nothing to offer it',
};

export interface PitchPlan {
  /** What the email may state, strongest first (empty when it is not written). */
  findings: Finding[];
  /** Why this business is not written to, or null. */
  notWritten: string | null;
}

/** What the draft stage (and `outreach pitch`) writes about for a lead: its crawl's and its audit's findings, chosen for its trade. */
export function pitchPlan(
  lead: { findings: Finding[]; industry?: string | null; businessSummary?: string | null; companyName?: string | null; siteState?: SiteState | null },
  audit: SiteAudit | null | undefined,
): PitchPlan {
  const unjudged = lead.siteState ? UNJUDGED[lead.siteState] : undefined;
  if (unjudged) return { findings: [], notWritten: unjudged };
  const agency = agencyHold(lead);
  if (agency) return { findings: [], notWritten: agency };
  const findings = pitchFindings([...lead.findings, ...auditFindings(audit)], lead.industry);
  return findings.length ? { findings, notWritten: null } : { findings, notWritten: NOTHING_WORTH_SAYING };
}
