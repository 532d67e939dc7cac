// The website gaps the offline analyser stands behind: exactly the analyser's findings (each
// proven by the crawl), worded for a sales person, with a severity. Nothing here is inferred
// from an unknown (null) fact, and every number comes from the finding's measured value.
import type { BUSINESS_CATEGORIES, Finding, FindingId, SiteFacts } from '../../../core/model/analysis.ts';
import { isShownCode } from '../../../core/pipeline/analyze/page-faults.ts';

export type Category = (typeof BUSINESS_CATEGORIES)[number];

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface Gap {
  id: FindingId;
  finding: Finding;
  severity: Severity;
  /** Pain-point description: the analyser's claim. */
  description: string;
  /** Completes "Its website ...": "is served without SSL". */
  summary: string;
  /** Short, for next steps: "the “Not secure” warning". */
  label: string;
  /** Completes "Fixing ...": "the “Not secure” warning". */
  fix: string;
  revenue: string;
  disadvantage: string;
  initiative: string;
  integration?: string;
}

export const SEVERITY_ORDER: Severity[] = ['critical', 'high', 'medium', 'low'];

type Wording = Omit<Gap, 'id' | 'finding' | 'description'>;

const NOT_SECURE = '"Not secure"';
const counted = (v: number | null, one: string, many: string) => (v === null ? many : `${v} ${v === 1 ? one : many}`);

const WORDING: Record<FindingId, (v: number | null, finding: Finding) => Wording> = {
  site_broken: (v) => ({
    severity: 'critical', summary: v !== null ? `does not load (the home page answers HTTP ${v})` : 'does not show a working home page',
    label: 'the broken home page', fix: 'the broken home page',
    revenue: 'Every visitor who looks the business up today finds no website', disadvantage: 'Any competitor with a working site wins those visitors',
    initiative: 'Get the website back online',
  }),
  no_ssl: () => ({
    severity: 'critical', summary: 'is served without SSL (plain http)',
    label: `the ${NOT_SECURE} warning`, fix: `the ${NOT_SECURE} browser warning`,
    revenue: `Visitors who see a ${NOT_SECURE} warning often leave before calling or buying`,
    disadvantage: 'Competitors on HTTPS look more trustworthy, and search engines favour secure sites', initiative: 'Move the whole site to HTTPS',
  }),
  form_not_secure: () => ({
    severity: 'high', summary: `has its contact form on a page browsers mark ${NOT_SECURE}`,
    label: 'the contact form on an insecure page', fix: 'the contact form on an insecure page',
    revenue: `Chrome turns its ${NOT_SECURE} warning red as soon as someone types into the form, just as they are about to get in touch`,
    disadvantage: 'Competitors on HTTPS look safer to write to', initiative: 'Move the whole site to HTTPS',
  }),
  error_message: () => ({
    severity: 'critical', summary: 'shows an error message on its home page',
    label: 'the error message on the home page', fix: 'the error message on the home page',
    revenue: 'Visitors who land on the home page are met by an error instead of what the business offers',
    disadvantage: 'Any competitor whose home page works wins those visitors', initiative: 'Fix the home page',
  }),
  flash_content: (v, f) => ({
    severity: 'critical',
    summary: f.whole ? 'has a home page made in Adobe Flash, which browsers no longer play' : v !== null && v > 1 ? `shows ${v} parts of its home page in Adobe Flash, which browsers no longer play` : 'shows part of its home page in Adobe Flash, which browsers no longer play',
    label: 'the Flash content', fix: 'the Flash content',
    revenue: 'Visitors see none of what the Flash parts of the page were made to show', disadvantage: 'Competitors whose pages show everything make the first impression',
    initiative: 'Rebuild the Flash parts of the site in plain HTML',
  }),
  closed_service: () => ({
    severity: 'low', summary: 'still links to its page on a social network that has closed',
    label: 'the link to a closed social network', fix: 'the link to a closed social network',
    revenue: 'Visitors who click it find nothing of the business, and the site looks unattended',
    disadvantage: 'Competitors whose links all lead somewhere look better kept', initiative: 'Remove the links to closed social networks',
  }),
  template_text: (_, f) => ({
    severity: 'high', summary: f.quote && isShownCode(f.quote) ? 'shows program code as text on its home page' : "shows a template's text meant to be replaced on its home page",
    label: 'the template text on the home page', fix: 'the template text on the home page',
    revenue: f.quote && isShownCode(f.quote) ? 'Visitors read program code where the business\'s own words should be, and the site looks broken' : "Visitors read a template's placeholder where the business's own words should be, and the site looks unfinished",
    disadvantage: 'Competitors whose sites look finished win that trust', initiative: 'Replace the leftover template text',
  }),
  phone_mismatch: () => ({
    severity: 'high', summary: 'gives two phone numbers for the same place that differ in one digit',
    label: 'the phone numbers on the home page', fix: 'the phone number on the home page',
    revenue: 'Callers who dial the mistyped number never reach the business',
    disadvantage: 'Competitors who answer the phone get those calls', initiative: 'Correct the mistyped phone number',
  }),
  bad_phone_link: (_, f) => ({
    severity: 'high', summary: f.quote ? `has a phone link that shows "${f.quote}" but dials "${f.quotes?.[0] ?? ''}"` : 'has a phone link that dials no number',
    label: 'the phone link', fix: 'the phone link',
    revenue: 'People who tap the number to call do not reach the business',
    disadvantage: 'Competitors whose numbers work get those calls', initiative: 'Correct the phone link',
  }),
  bad_email_link: () => ({
    severity: 'high', summary: 'has an email link to an invalid address',
    label: 'the email link', fix: 'the email link',
    revenue: 'Messages written from the link cannot be delivered, so those enquiries are lost',
    disadvantage: 'Competitors who can be emailed get those enquiries', initiative: 'Correct the email link',
  }),
  no_title: (_, f) => ({
    severity: 'low', summary: f.quote ? `has the placeholder "${f.quote}" for its home page's title` : 'has no title on its home page',
    label: 'the home page title', fix: 'the home page title',
    revenue: f.quote ? `Browser tabs show "${f.quote}" instead of the business's name` : "Browser tabs show only the address, and Google chooses the search result's headline itself",
    disadvantage: 'Competitors whose pages are titled with their name stand out in tabs and search results', initiative: 'Give the home page a title',
  }),
  no_viewport: () => ({
    severity: 'high', summary: 'is not mobile-friendly',
    label: 'the mobile layout', fix: 'the mobile layout',
    revenue: 'Most local searches happen on phones; a page that is hard to use there loses those enquiries',
    disadvantage: 'Mobile-friendly competitors rank higher in mobile search results', initiative: 'Mobile-first redesign',
  }),
  slow_home: () => ({
    severity: 'high', summary: 'has a slow home page',
    label: 'the slow home page', fix: 'the slow home page',
    revenue: 'Visitors leave before a slow page appears', disadvantage: 'Faster competitor sites keep more visitors and rank better',
    initiative: 'Page-speed work on the home page',
  }),
  no_contact_form: () => ({
    severity: 'medium', summary: 'has no contact form',
    label: 'a contact form', fix: 'the missing contact form',
    revenue: 'Enquiries from people who prefer writing to calling are lost', disadvantage: 'Competitors capture those enquiries with a simple form',
    initiative: 'Add a contact form', integration: 'Contact form with email notifications',
  }),
  no_booking: () => ({
    severity: 'medium', summary: 'offers no online booking',
    label: 'online booking', fix: 'the missing online booking',
    revenue: 'Customers who want to book after hours go elsewhere', disadvantage: 'Competitors with online booking take those appointments',
    initiative: 'Add online booking', integration: 'Online booking / scheduling',
  }),
  no_ecommerce: () => ({
    severity: 'medium', summary: 'does not sell online',
    label: 'selling online', fix: 'the missing online shop',
    revenue: 'Sales to customers who will not visit in person are missed', disadvantage: 'Competitors with an online shop sell around the clock',
    initiative: 'Add an online shop', integration: 'E-commerce / online payments',
  }),
  broken_links: (v) => ({
    severity: 'medium', summary: `has ${counted(v, 'broken link', 'broken links')}`,
    label: 'the broken links', fix: 'the broken links',
    revenue: 'Visitors who hit a dead end stop looking', disadvantage: 'Well-maintained competitor sites make a better first impression',
    initiative: 'Fix broken links',
  }),
  no_analytics: () => ({
    severity: 'low', summary: 'has no analytics',
    label: 'visitor analytics', fix: 'the missing analytics',
    revenue: 'Marketing spend cannot be judged without measurement', disadvantage: 'Competitors who measure can improve faster',
    initiative: 'Set up privacy-friendly analytics', integration: 'Web analytics',
  }),
  images_missing_alt: (v) => ({
    severity: 'low', summary: `has ${counted(v, 'image', 'images')} without alt text`,
    label: 'image descriptions', fix: 'the missing image descriptions',
    revenue: 'Screen-reader users and image search miss what the pictures show', disadvantage: 'Competitors with described images reach more people',
    initiative: 'Accessibility clean-up (labels, alt text, contrast)',
  }),
  unoptimized_images: (v) => ({
    severity: v !== null && v >= 10 ? 'medium' : 'low', summary: `has ${counted(v, 'image', 'images')} without set dimensions`,
    label: 'image sizing', fix: 'the unsized images',
    revenue: 'Pages that jump while loading lose impatient visitors', disadvantage: 'Stable, fast competitor pages feel more professional',
    initiative: 'Image optimisation and page-speed work',
  }),
  redirect_chain: (v) => ({
    severity: 'low', summary: `redirects ${v !== null ? `${v} time${v === 1 ? '' : 's'}` : 'several times'} before the home page`,
    label: 'the redirect chain', fix: 'the redirect chain',
    revenue: 'Each redirect delays the first page a visitor sees', disadvantage: 'Direct competitor sites appear sooner',
    initiative: 'Technical clean-up',
  }),
  empty_links: (v) => ({
    severity: 'low', summary: `has ${counted(v, 'link', 'links')} without text`,
    label: 'link labels', fix: 'the unlabelled links',
    revenue: 'Screen-reader users cannot tell where unlabelled links go', disadvantage: 'Accessible competitor sites reach more people',
    initiative: 'Accessibility clean-up (labels, alt text, contrast)',
  }),
  missing_lang: () => ({
    severity: 'low', summary: 'does not declare its language',
    label: 'the page language', fix: 'the missing language tag',
    revenue: 'Screen readers may mispronounce the pages', disadvantage: 'Correctly tagged competitor pages are easier for search engines to place',
    initiative: 'Technical clean-up',
  }),
  broken_images: (v) => ({
    severity: 'medium', summary: `has ${counted(v, 'broken image', 'broken images')}`,
    label: 'the broken images', fix: 'the broken images',
    revenue: 'Missing pictures make the site look abandoned', disadvantage: 'Well-maintained competitor sites make a better first impression',
    initiative: 'Fix broken links',
  }),
  certificate_expired: () => ({
    severity: 'critical', summary: 'has an expired security certificate',
    label: `the ${NOT_SECURE} warning`, fix: 'the expired certificate',
    revenue: 'Browsers show a full-page security warning instead of the site, and most visitors turn back',
    disadvantage: 'Competitors whose sites open normally get those visitors', initiative: 'Renew the certificate and automate renewals',
  }),
  certificate_expiring: () => ({
    severity: 'high', summary: 'has a security certificate about to expire',
    label: 'the certificate renewal', fix: 'the expiring certificate',
    revenue: `Once it expires, browsers warn visitors away with a ${NOT_SECURE} page`,
    disadvantage: 'Competitors whose sites open normally get those visitors', initiative: 'Renew the certificate and automate renewals',
  }),
  stale_copyright: (v) => ({
    severity: 'low', summary: v !== null ? `still shows © ${v} in its footer` : 'shows an old copyright year',
    label: 'the dated footer', fix: 'the dated footer',
    revenue: 'A years-old date makes visitors wonder whether the business is still open', disadvantage: 'Competitors with current sites look active',
    initiative: 'Refresh the site content',
  }),
  pandemic_notice: (_, f) => ({
    severity: 'low', summary: f.quote ? `still shows the COVID-19 notice "${f.quote}" on its home page` : 'still shows a COVID-19 notice on its home page',
    label: 'the pandemic notice', fix: 'the pandemic notice',
    revenue: 'A notice from the pandemic makes visitors wonder whether the rest of the page is current', disadvantage: 'Competitors with current sites look active',
    initiative: 'Take down the pandemic notice',
  }),
  stale_dates: (v) => ({
    severity: 'low', summary: v !== null ? `shows nothing dated later than ${v} on its home page` : 'shows only years-old dates on its home page',
    label: 'the dated home page', fix: 'the dated home page',
    revenue: 'News years old makes visitors wonder whether the business is still open', disadvantage: 'Competitors with current sites look active',
    initiative: 'Refresh the home page news',
  }),
  outdated_software: () => ({
    severity: 'medium', summary: 'runs software versions that no longer get security fixes',
    label: 'the outdated software', fix: 'the outdated software',
    revenue: 'Unsupported software is a security risk and can take the site down', disadvantage: 'Maintained competitor sites are safer to use',
    initiative: 'Update the site software',
  }),
  search_position: (v) => ({
    severity: 'high', summary: v !== null ? `comes up at number ${v} in a search for its trade` : 'comes up below the first search results',
    label: 'the search ranking', fix: 'the search ranking',
    revenue: 'Most people choose from the first few results', disadvantage: 'Competitors listed above it get those customers first',
    initiative: 'Local search optimisation',
  }),
  slow_mobile: (v) => ({
    severity: 'high', summary: v !== null ? `takes ${v} s to show its main content on a phone` : 'is slow to show its main content on a phone',
    label: 'the slow page on phones', fix: 'the slow page on phones',
    revenue: 'Visitors on phones leave before a slow page appears', disadvantage: 'Faster competitor sites keep more visitors and rank better',
    initiative: 'Page-speed work for phones',
  }),
  layout_shift: () => ({
    severity: 'medium', summary: 'shifts its content around while it loads on a phone',
    label: 'the page that moves while it loads', fix: 'the layout shift while loading',
    revenue: 'Visitors tap the wrong thing and give up', disadvantage: 'Stable competitor pages are easier to use',
    initiative: 'Reserve space for images and late content',
  }),
  heavy_page: (v) => ({
    severity: 'medium', summary: v !== null ? `downloads ${v} MB for its home page` : 'has a very heavy home page',
    label: 'the heavy home page', fix: 'the heavy home page',
    revenue: 'Visitors on mobile data wait, or leave', disadvantage: 'Lighter competitor pages appear first',
    initiative: 'Compress and resize images',
  }),
  low_performance: (v) => ({
    severity: 'high', summary: v !== null ? `scores ${v} out of 100 for speed on a phone in Google's Lighthouse` : "is in the lowest band of Google's Lighthouse speed test on a phone",
    label: 'the low speed score', fix: 'the low speed score on phones',
    revenue: 'Slow pages lose visitors before they read anything', disadvantage: 'Competitors with faster pages keep those visitors',
    initiative: 'Page-speed work for phones',
  }),
};

/** Whether a finding matters for this kind of business: booking for services, a shop for products. */
function relevant(id: FindingId, category: Category): boolean {
  if (id === 'no_booking') return category === 'Service-Based';
  if (id === 'no_ecommerce') return category === 'Product-Based';
  return true;
}

/** The gaps: the analyser's findings (one per id) that matter to this business, most severe first. */
export function findGaps(facts: SiteFacts, category: Category): Gap[] {
  const seen = new Set<FindingId>();
  const gaps: Gap[] = [];
  for (const finding of facts.findings ?? []) {
    if (seen.has(finding.id) || !relevant(finding.id, category)) continue;
    seen.add(finding.id);
    gaps.push({ id: finding.id, finding, description: finding.claim, ...WORDING[finding.id](finding.value, finding) });
  }
  // A stable sort: within a severity the analyser's order (its importance) is kept.
  return gaps.sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
}
