// The website gaps the offline analyser can stand behind: each comes from a measured fact
// (or from a technical issue the crawler reported), with a severity and the plain-language
// wording the summary, the sales intelligence and the email reuse.
import type { BUSINESS_CATEGORIES, SiteFacts } from '../../../core/model/analysis.ts';

export type Category = (typeof BUSINESS_CATEGORIES)[number];

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type GapId = 'ssl' | 'mobile' | 'accessibility' | 'images' | 'contact_form' | 'booking' | 'ecommerce' | 'analytics' | 'other';

export interface Gap {
  id: GapId;
  severity: Severity;
  /** Pain-point description, e.g. "No SSL certificate: the site is served over plain http". */
  description: string;
  /** Completes "Its website ...": "is served without SSL". */
  summary: string;
  /** For the email, addressed to the owner. */
  plain: string;
  /** Short, for a subject line. */
  label: string;
  /** Completes "Fixing ...": "the “Not secure” warning". */
  fix: string;
  revenue: string;
  disadvantage: string;
  indicator: string;
  initiative: string;
  integration?: string;
}

export const SEVERITY_ORDER: Severity[] = ['critical', 'high', 'medium', 'low'];

/** Recognises the kind of a finding written as text (a crawler issue or an email brief finding). */
const MATCHERS: Array<[Exclude<GapId, 'other'>, RegExp]> = [
  ['ssl', /\bssl\b|https|not secure|over (plain )?http\b|certificate/i],
  ['mobile', /mobile|viewport|responsive/i],
  ['accessibility', /accessib|alt text|contrast/i],
  ['images', /image/i],
  ['contact_form', /contact form/i],
  ['booking', /booking|appointment/i],
  ['ecommerce', /e-?commerce|online (shop|store)|sell online|buy online|shopping cart/i],
  ['analytics', /analytics|tracking/i],
];

export function classifyFinding(text: string): GapId {
  return MATCHERS.find(([, re]) => re.test(text))?.[0] ?? 'other';
}

const NOT_SECURE = '"Not secure"';

function factGaps(facts: SiteFacts, category: Category): Gap[] {
  const gaps: Gap[] = [];
  if (!facts.has_ssl) {
    gaps.push({
      id: 'ssl', severity: 'critical',
      description: 'No SSL certificate: the site is served over plain http',
      summary: 'is served without SSL (plain http)',
      plain: `The site loads over plain http, so browsers mark it ${NOT_SECURE} before visitors read a word.`,
      label: `the ${NOT_SECURE} warning`, fix: `the ${NOT_SECURE} browser warning`,
      revenue: `Visitors who see a ${NOT_SECURE} warning often leave before calling or buying`,
      disadvantage: 'Competitors on HTTPS look more trustworthy, and search engines favour secure sites',
      indicator: `Browsers show ${NOT_SECURE} on every visit`, initiative: 'Move the whole site to HTTPS',
    });
  }
  if (!facts.is_mobile_responsive) {
    gaps.push({
      id: 'mobile', severity: 'high',
      description: 'Not mobile-friendly: the pages have no responsive layout',
      summary: 'is not mobile-friendly',
      plain: 'The pages are not set up for phones (no responsive layout), so mobile visitors have to pinch and zoom.',
      label: 'the mobile layout', fix: 'the mobile layout',
      revenue: 'Most local searches happen on phones; a page that is hard to use there loses those enquiries',
      disadvantage: 'Mobile-friendly competitors rank higher in mobile search results',
      indicator: 'No responsive viewport on the home page', initiative: 'Mobile-first redesign',
    });
  }
  const a11y = Math.round(facts.accessibility_score);
  if (a11y < 70) {
    gaps.push({
      id: 'accessibility', severity: a11y < 50 ? 'high' : 'medium',
      description: `Accessibility problems (automated score ${a11y}/100)`,
      summary: `scores ${a11y}/100 on an automated accessibility check`,
      plain: `An automated accessibility check gives the home page ${a11y} out of 100, so some visitors (and search engines) struggle to read it.`,
      label: 'accessibility', fix: 'the accessibility problems',
      revenue: 'Visitors using screen readers or larger text cannot get through the site',
      disadvantage: 'Accessible competitor sites reach more people and carry less legal risk',
      indicator: `Accessibility score ${a11y}/100`, initiative: 'Accessibility clean-up (labels, alt text, contrast)',
    });
  }
  const images = facts.unoptimized_images_count;
  if (images > 0) {
    gaps.push({
      id: 'images', severity: images >= 10 ? 'medium' : 'low',
      description: `${images} unoptimised image${images === 1 ? '' : 's'} slow the pages down`,
      summary: `has ${images} unoptimised image${images === 1 ? '' : 's'}`,
      plain: `${images} image${images === 1 ? ' is' : 's are'} not optimised, which makes the pages slower to load, especially on mobile data.`,
      label: 'slow-loading images', fix: 'the heavy images',
      revenue: 'Slow pages lose visitors before they load',
      disadvantage: 'Faster competitor sites keep more visitors and rank better',
      indicator: `${images} unoptimised images`, initiative: 'Image optimisation and page-speed work',
    });
  }
  if (!facts.has_contact_form) {
    gaps.push({
      id: 'contact_form', severity: 'medium',
      description: 'No contact form on the site',
      summary: 'has no contact form',
      plain: 'There is no contact form, so visitors who would rather not phone have no quick way to reach you.',
      label: 'no contact form', fix: 'the missing contact form',
      revenue: 'Enquiries from people who prefer writing to calling are lost',
      disadvantage: 'Competitors capture those enquiries with a simple form',
      indicator: 'No contact form found', initiative: 'Add a contact form', integration: 'Contact form with email notifications',
    });
  }
  if (category === 'Service-Based' && !facts.has_online_booking) {
    gaps.push({
      id: 'booking', severity: 'medium',
      description: 'No online booking for a service business',
      summary: 'offers no online booking',
      plain: 'Customers cannot book online, which many now expect and do outside opening hours.',
      label: 'online booking', fix: 'the missing online booking',
      revenue: 'Customers who want to book after hours go elsewhere',
      disadvantage: 'Competitors with online booking take those appointments',
      indicator: 'No booking widget or scheduler found', initiative: 'Add online booking', integration: 'Online booking / scheduling',
    });
  }
  if (category === 'Product-Based' && !facts.has_ecommerce) {
    gaps.push({
      id: 'ecommerce', severity: 'medium',
      description: 'Products are shown but cannot be bought online',
      summary: 'shows products but does not sell online',
      plain: 'Your products are on the site, but visitors cannot buy them online.',
      label: 'selling online', fix: 'the missing online shop',
      revenue: 'Sales to customers who will not visit in person are missed',
      disadvantage: 'Competitors with an online shop sell around the clock',
      indicator: 'No shop or checkout found', initiative: 'Add an online shop', integration: 'E-commerce / online payments',
    });
  }
  if (!facts.has_analytics) {
    gaps.push({
      id: 'analytics', severity: 'low',
      description: 'No analytics: visits and enquiries are not measured',
      summary: 'has no analytics',
      plain: 'There is no analytics on the site, so you cannot see how many people visit or where they drop off.',
      label: 'visitor analytics', fix: 'the missing analytics',
      revenue: 'Marketing spend cannot be judged without measurement',
      disadvantage: 'Competitors who measure can improve faster',
      indicator: 'No analytics script found', initiative: 'Set up privacy-friendly analytics', integration: 'Web analytics',
    });
  }
  return gaps;
}

function otherGap(issue: string): Gap {
  const text = issue.replace(/\s+/g, ' ').trim().slice(0, 160);
  return {
    id: 'other', severity: 'medium', description: text,
    summary: `also has this issue: ${text.toLowerCase()}`, plain: text, label: text.toLowerCase().slice(0, 60),
    fix: 'the other technical issues', revenue: 'Technical problems make the site less reliable for visitors',
    disadvantage: 'Well-maintained competitor sites make a better first impression', indicator: text,
    initiative: 'Technical clean-up',
  };
}

/** Gaps from the facts, plus crawler issues of a kind the facts did not already cover; most severe first. */
export function findGaps(facts: SiteFacts, category: Category): Gap[] {
  const gaps = factGaps(facts, category);
  const covered = new Set<GapId>(gaps.map((g) => g.id));
  const seen = new Set<string>();
  for (const issue of facts.technical_issues) {
    const key = issue.trim().toLowerCase();
    const kind = classifyFinding(issue);
    // An issue of a kind already listed from the facts is not repeated.
    if (!key || seen.has(key) || covered.has(kind)) continue;
    seen.add(key);
    gaps.push(otherGap(issue));
  }
  return gaps.sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
}

/** Looks a finding text up in the catalogue, for the email writer (no facts at hand there). */
export function gapForFinding(text: string): Pick<Gap, 'plain' | 'label'> {
  const kind = classifyFinding(text);
  const numbers = text.match(/\d+/g) ?? [];
  const fake: SiteFacts = {
    url: '', hostname: '', has_ssl: kind !== 'ssl', is_mobile_responsive: kind !== 'mobile', has_ecommerce: kind !== 'ecommerce',
    has_online_booking: kind !== 'booking', has_contact_form: kind !== 'contact_form', has_live_chat: true, has_analytics: kind !== 'analytics',
    accessibility_score: kind === 'accessibility' ? Number(numbers[0] ?? 40) : 100,
    unoptimized_images_count: kind === 'images' ? Number(numbers[0] ?? 0) : 0,
    technical_issues: [], emails: [],
  };
  const category = kind === 'ecommerce' ? 'Product-Based' : 'Service-Based';
  const known = factGaps(fake, category).find((g) => g.id === kind);
  // Counts we could not read back from the text are better left unsaid than invented.
  if (!known || (kind === 'images' && !numbers.length)) return { plain: otherGap(text).plain, label: otherGap(text).label };
  if (kind === 'accessibility' && !numbers.length) {
    return { plain: 'An automated accessibility check found problems that make the site harder to use for some visitors.', label: known.label };
  }
  return known;
}
