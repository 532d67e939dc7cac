// English, written with American spelling; british() turns it into British spelling for en-GB.
import { counted, decimal, stop, type Phrasebook, type Slots } from './types.ts';
import { isShownCode } from '../../../../core/pipeline/analyze/page-faults.ts';

/** "the Novak Dental website", but "The Hive Organic Salon website": a name's own article is not doubled. */
export const theSite = (company: string) => `${/^the\s/i.test(company) ? company : `the ${company}`} website`;
const TheSite = (company: string) => theSite(company).replace(/^the/, 'The');
const site = (s: Slots) => (s.company ? theSite(s.company) : 'your website');
const where = (s: Slots) => (s.city ? ` in ${s.city}` : '');
/** Who sees a problem: the business's own people when its trade says who they are. */
// A nursery's people are parents, never "your parents".
const who = (s: Slots, otherwise: string) => (s.audience === 'parents' ? 'parents' : s.audience ? `your ${s.audience}` : otherwise);

export const en: Phrasebook = {
  greetNamed: (name) => [`Hi ${name},`, `Hello ${name},`],
  // A bare "Hi," read as anonymous to owners; "Hello," is the plain greeting to a stranger.
  greet: ['Hello,'],
  opener: (s, n) => [
    `I came across ${s.company ?? (s.audience === 'patients' ? 'your practice' : 'your business')}${where(s)} and had a look at your website. ${n === 1 ? 'One thing stood out that you may want to know about.' : 'Two things stood out that you may want to know about.'}`,
    `I looked at ${site(s)} this week, and ${n === 1 ? 'one thing is worth knowing about' : 'two things are worth knowing about'}.`,
    // Not "While looking at photography studios…": owners read it as a mass mailing or a pretext (a B&B's owner, as a traveller's).
    `I visited ${site(s)} and noticed ${n === 1 ? 'something you may want to know about' : 'two things you may want to know about'}.`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? `When I opened your home page, I got an error page instead of your site, so anyone looking you up right now can't see what you offer.`
        : `When I opened your home page, your site didn't load, so anyone looking you up right now can't see what you offer.`,
    // What every visitor sees, not "the first thing people see when they look you up" (an overstatement, raters said);
    // when https itself fails (`whole`), it stops at the warning: the check line shows it, and the note's news on
    // Chrome's coming warning follows when the note has room beside who writes.
    no_ssl: (_, s = {}) =>
      s.quote
        ? `Your site doesn't use a secure connection (https), so browsers mark it "Not secure" next to your address, on the very page where ${who(s, 'your customers')} click "${s.quote}".`
        : s.whole
          ? `Your site doesn't use a secure connection (https), so browsers mark it "Not secure" next to your address.`
          : `Your site doesn't use a secure connection (https), so browsers mark it "Not secure" next to your address, and ${s.audience ? `${who(s, '')} see` : 'everyone sees'} that warning as soon as they open your site.`,
    error_message: (_, s = {}) =>
      s.quote
        ? `Your home page shows the message "${s.quote}" where its content should be, so ${who(s, 'visitors')} see that instead of what you offer.`
        : `Your home page shows an error message where its content should be, so ${who(s, 'visitors')} see that instead of what you offer.`,
    // The number of movies is not printed: "Part" or "Parts" is what the owner can check.
    flash_content: (v, s = {}) =>
      (s.whole
        ? `Your home page is built in Adobe Flash, which browsers stopped playing years ago, so ${who(s, 'visitors')} see none of it.`
        : v === 1
          ? `Part of your home page is built in Adobe Flash, which browsers stopped playing years ago, so ${who(s, 'visitors')} no longer see that part at all.`
          : `Parts of your home page are built in Adobe Flash, which browsers stopped playing years ago, so ${who(s, 'visitors')} no longer see them at all.`) + (s.quote ? ` Instead, the page shows them this line: "${s.quote}"${stop(s.quote)}` : ''),
    closed_service: (_, s = {}) =>
      s.quote
        ? `Your home page still links to your ${s.quote} page, but ${s.quote} closed years ago, so ${who(s, 'visitors')} who click it find nothing of yours there.`
        : `Your home page still links to a social network that closed years ago, so ${who(s, 'visitors')} who click it find nothing of yours there.`,
    template_text: (_, s = {}) =>
      s.quote && isShownCode(s.quote)
        ? `Your home page shows program code as text: "${s.quote}". Your web server was meant to run it, not show it, so to ${who(s, 'visitors')} the page looks broken.`
        : s.quote
        ? `Your home page still shows "${s.quote}", text the site's template was meant to replace, so to ${who(s, 'visitors')} the site looks unfinished.`
        : `Your home page still shows text the site's template was meant to replace, so to ${who(s, 'visitors')} the site looks unfinished.`,
    phone_mismatch: (_, s = {}) =>
      s.quote && s.quotes?.length === 2
        ? `Your home page gives two phone numbers for "${s.quote}" that differ in one digit: "${s.quotes[0]}" and "${s.quotes[1]}". If one of them is a typo, anyone who dials it can't reach you.`
        : `Your home page gives two phone numbers for the same place that differ in one digit. If one of them is a typo, anyone who dials it can't reach you.`,
    bad_phone_link: (_, s = {}) =>
      s.quote && s.quotes?.length
        ? `The phone link "${s.quote}" on your website dials "${s.quotes[0]}", not the number it shows, so anyone who taps it to call doesn't reach that number.`
        : s.quotes?.length
          ? `A phone link on your website dials "${s.quotes[0]}", which is not a phone number, so anyone who taps it to call you can't reach you.`
          : `A phone link on your website dials something other than the number it shows, so anyone who taps it to call doesn't reach that number.`,
    bad_email_link: (_, s = {}) =>
      s.quote
        ? `The email link on your website goes to "${s.quote}", which is not a valid email address, so an email sent from that link can't reach you.`
        : `An email link on your website goes to an address that is not valid, so an email sent from that link can't reach you.`,
    no_title: (_, s = {}) =>
      s.quote
        ? `Your home page's title is just "${s.quote}", so browser tabs show "${s.quote}" instead of your name.`
        : 'Your home page has no title, so browser tabs show only your web address, and Google has to choose the headline of your search result itself.',
    form_not_secure: (_, s = {}) =>
      `Your contact form sits on a page browsers mark "Not secure", because the site has no https. As soon as ${who(s, 'people')} start typing into it, Chrome turns that warning red, just as they are about to get in touch.`,
    no_viewport: (_, s = {}) => `The pages aren't set up for phones, so on a phone ${who(s, 'visitors')} get the desktop layout shrunk to fit the screen and have to pinch and zoom to read it.`,
    no_contact_form: () => `There's no contact form on the pages I saw, so people who would rather write than call have no quick way to reach you.`,
    no_booking: () => `Customers can't book a time online, which many now expect to do in the evening, after you've closed.`,
    slow_home: () => 'Your home page was slow to answer when I opened it, and many visitors give up before a page appears.',
    broken_links: (v, s = {}) =>
      s.quote && v === 1
        ? `One broken link stands out on your site: "${s.quote}" leads to a page that no longer exists, which makes the site look neglected.`
        : counted(
          v,
          (n) => `Your site has ${n} broken links that lead nowhere, which makes it look neglected.`,
          `Your site has a broken link that leads nowhere, which makes it look neglected.`,
          'Your site has broken links that lead nowhere, which makes it look neglected.',
        ) + (s.quote ? ` One of them is "${s.quote}".` : ''),
    broken_images: (v) =>
      counted(
        v,
        (n) => `Your site has ${n} broken images that show as empty boxes, which makes the pages look neglected.`,
        `Your site has a broken image that shows as an empty box, which makes the page look neglected.`,
        'Your site has broken images that show as empty boxes, which makes the pages look neglected.',
      ),
    certificate_expired: (_, s = {}) => `Your site's security certificate has expired, so browsers show ${who(s, 'visitors')} a full-page "Not secure" warning instead of your site.`,
    certificate_expiring: () => `Your site's security certificate runs out in the next few days; once it does, browsers will warn visitors that the site is "Not secure".`,
    // The latest year the notice names, said as a year: "© 2000 - 2019" is not quoted as "© 2019".
    pandemic_notice: (_, s = {}) =>
      s.quote
        ? `Your home page still shows a notice from the pandemic: "${s.quote}"${stop(s.quote)} If it no longer applies, ${who(s, 'visitors')} may take the rest of the page as out of date too.`
        : `Your home page still shows a notice from the pandemic. If it no longer applies, ${who(s, 'visitors')} may take the rest of the page as out of date too.`,
    stale_dates: (v, s = {}) =>
      v !== null
        ? `The most recent date on your home page is from ${v}, so to ${who(s, 'visitors')} the site looks as if nothing has happened since.`
        : `The dates on your home page are all years old, so to ${who(s, 'visitors')} the site looks as if nothing has happened since.`,
    stale_copyright: (v, s = {}) =>
      v !== null
        ? `The copyright year in your footer is still ${v}, so to ${who(s, 'visitors')} the site looks as if no one has updated it since.`
        : `Your footer still shows an old copyright year, so to ${who(s, 'visitors')} the site looks as if no one has updated it in years.`,
    outdated_software: () => 'Your site runs software versions their makers stopped updating years ago, which leaves it open to known security holes.',
    search_position: (v) =>
      v !== null
        ? `When I searched for your trade in your area, your site came up at number ${v}, below the competitors people click first.`
        : `When I searched for your trade in your area, your site came up below the competitors people click first.`,
    no_ecommerce: () => `Visitors can't order from your site, so sales to people who won't come in person slip away.`,
    no_analytics: () => `There's no analytics on the site, so you can't see how many people visit or where they lose interest.`,
    images_missing_alt: (v) =>
      counted(
        v,
        (n) => `On your home page, ${n} images have no alt text, so screen readers and search engines can't tell what they show.`,
        `An image on your home page has no alt text, so screen readers and search engines can't tell what it shows.`,
        `Some images on your home page have no alt text, so screen readers and search engines can't tell what they show.`,
      ),
    unoptimized_images: (v) =>
      counted(
        v,
        (n) => `On your home page, ${n} images have no width and height set in the page's code.`,
        'An image on your home page has no width and height set in the page\'s code.',
        'Some images on your home page have no width and height set in the page\'s code.',
      ),
    redirect_chain: (v) =>
      counted(
        v,
        (n) => `Your web address sends visitors through ${n} redirects before the home page appears, which delays their first impression.`,
        'Your web address sends visitors through a redirect before the home page appears, which delays their first impression.',
        'Your web address sends visitors through redirects before the home page appears, which delays their first impression.',
      ),
    missing_lang: () => `The pages don't say which language they are in, so screen readers may read them out with the wrong pronunciation.`,
    empty_links: (v) =>
      counted(
        v,
        (n) => `On your home page, ${n} links have no text or label, so people using screen readers can't tell where they go.`,
        `A link on your home page has no text or label, so people using screen readers can't tell where it goes.`,
        `Some links on your home page have no text or label, so people using screen readers can't tell where they go.`,
      ),
    slow_mobile: (v) =>
      v !== null
        ? `On a phone, your home page takes ${decimal(v, '.')} seconds to show its main content, which Google rates as poor; many visitors leave before it appears.`
        : `On a phone, your home page takes longer to show its main content than Google rates as acceptable, and many visitors leave before it appears.`,
    layout_shift: () => `While your home page loads on a phone, its content moves around, so people end up tapping the wrong thing.`,
    heavy_page: (v) =>
      v !== null
        ? `Your home page weighs ${decimal(v, '.')} MB, a lot for someone to download on a phone before they see anything.`
        : `Your home page is very heavy to download, a lot for someone on a phone before they see anything.`,
    low_performance: (v) =>
      v !== null
        ? `Google's own test, Lighthouse, scores your home page ${v} out of 100 for speed on a phone.`
        : `Google's own test, Lighthouse, puts your home page in its lowest band for speed on a phone.`,
  },
  measured: [
    `I measured it with Google's Lighthouse, as a phone on a mobile connection, so you can run the same test yourself on PageSpeed Insights.`,
    `That figure comes from Google's Lighthouse, run as a phone on a mobile connection; PageSpeed Insights will show you the same test.`,
  ],
  check: {
    error_message: ['You can see it for yourself by opening your home page.'],
    flash_content: ['You can see it for yourself: open your home page in any up-to-date browser.'],
    form_not_secure: ['You can see it for yourself: open the page in Chrome, type a letter into the form, and watch the left of the address.'],
    no_ssl: ['You can see it for yourself: open your site in Chrome and look just left of the address.'],
    certificate_expired: ['You can see it for yourself by opening your site in any browser.'],
    no_viewport: ['You can see it for yourself: open your home page on a phone and try to read it without zooming.'],
    stale_copyright: ['You can see it for yourself at the very bottom of your home page.'],
  },
  news: { no_ssl: ['Google has also announced that Chrome will show a warning before it first opens a site without https.'] },
  report: ['I put what I found, with screenshots, on one page for you:', 'Here is a one-page summary of what I found, with screenshots:'],
  value: {
    broken: ["Until it's back up, every visit from a search or an ad is a missed chance."],
    one: [`It's a contained fix that doesn't need a new website.`, 'It can be fixed without rebuilding the site.'],
    many: ['Neither needs a new website; both are contained fixes.', 'Both can be fixed without rebuilding the site.'],
  },
  credibility: [
    'I build and repair websites for small businesses, so these are the things I notice first.',
    // Not "local businesses": the sender is rarely the owner's neighbour, and owners read it as a claim to be (raters said so).
    'I run a small web design studio and help small businesses with exactly this kind of work.',
  ],
  credibilityShort: ['I build websites for small businesses.'],
  padding: [`No pressure either way; I simply thought you'd want to know.`],
  call: ['Would a short call next week be useful? I can show you what I found.'],
  cta: [
    `If it helps, reply to this email and I'll send you the steps I'd take to fix this.`,
    'Would you like me to send a short note on how I would fix this?',
  ],
  followUp: {
    again: ['I measured your home page again this week, and the problem I wrote about is still there:'],
    addOne: ['Following up on my note below with one more thing I noticed while I was on your site:', 'A short follow-up to my last email: there is one more thing I noticed that is worth a look.'],
    nudge: ['I wanted to bring my note below back to the top of your inbox, in case it got buried.', 'Just checking whether my last email reached you; I know how busy the week gets.'],
    cta: [`If it's useful, just reply and I'll send over a few ideas.`, 'Would a short call next week work for you?'],
    last: [`This is my last note on this, so I won't keep filling your inbox. If the timing is ever better, just reply to this email.`],
  },
  subject: {
    generic: (c) => [`A quick question about ${theSite(c)}`, TheSite(c)],
    byFinding: {
      flash_content: (c) => [`${c} and Adobe Flash`],
      form_not_secure: (c) => [`${c} and the "Not secure" warning`],
      site_broken: (c) => [`A problem with ${theSite(c)}`],
      no_ssl: (c) => [`${c} and the "Not secure" warning`],
      certificate_expired: (c) => [`${TheSite(c)} shows a warning`],
      certificate_expiring: (c) => [`${TheSite(c)}'s certificate`],
      no_viewport: (c) => [`${c} on phones`, `${TheSite(c)} on a phone`],
      slow_mobile: (c) => [`${TheSite(c)} on a phone`, `${c} on phones`],
      layout_shift: (c) => [`${TheSite(c)} on a phone`],
      heavy_page: (c) => [`${TheSite(c)} on a phone`],
      low_performance: (c) => [`${TheSite(c)} on a phone`],
      broken_links: (c) => [`Broken links on ${theSite(c)}`],
      broken_images: (c) => [`Missing images on ${theSite(c)}`],
      stale_copyright: (c) => [`${TheSite(c)} footer`],
      search_position: (c) => [`${c} in local search`],
      no_booking: (c) => [`Online booking for ${c}`],
      phone_mismatch: (c) => [`The phone number on ${theSite(c)}`],
      bad_phone_link: (c) => [`The phone link on ${theSite(c)}`],
      bad_email_link: (c) => [`The email link on ${theSite(c)}`],
    },
    unnamed: {
      no_ssl: ['Your website and the "Not secure" warning'],
      form_not_secure: ['Your contact form and the "Not secure" warning'],
      flash_content: ['Your website and Adobe Flash'],
      error_message: ['A message on your home page'],
      no_viewport: ['Your website on a phone'],
      phone_mismatch: ['The phone number on your website'],
      bad_phone_link: ['The phone link on your website'],
      bad_email_link: ['The email link on your website'],
    },
    plain: ['A quick question about your website', 'About your website'],
  },
};

/** American → British spelling, for the words the phrasebook (and names of findings) use. */
const BRITISH: Array<[RegExp, string]> = [
  [/\binquir(y|ies)\b/gi, 'enquir$1'],
  [/\boptimiz(e|ed|es|ing|ation)\b/gi, 'optimis$1'],
  [/\borganiz(e|ed|es|ing|ation|ations)\b/gi, 'organis$1'],
  [/\brealiz(e|ed|es|ing)\b/gi, 'realis$1'],
  [/\bcustomiz(e|ed|es|ing)\b/gi, 'customis$1'],
  [/\bprioritiz(e|ed|es|ing)\b/gi, 'prioritis$1'],
  [/\banalyz(e|ed|es|ing)\b/gi, 'analys$1'],
  [/\bcolor(s|ed|ful)?\b/gi, 'colour$1'],
  [/\bfavor(s|ite|ites)?\b/gi, 'favour$1'],
  [/\bbehavior(s)?\b/gi, 'behaviour$1'],
  [/\bneighbor(s|hood|hoods)?\b/gi, 'neighbour$1'],
  [/\bcenter(s)?\b/gi, 'centre$1'],
  [/\bcatalog(s)?\b/gi, 'catalogue$1'],
];

const keepCase = (source: string, target: string) => (/^[A-Z]/.test(source) ? target[0].toUpperCase() + target.slice(1) : target);

export function british(text: string): string {
  return BRITISH.reduce((out, [re, to]) => out.replace(re, (m, ...groups) => keepCase(m, to.replace('$1', typeof groups[0] === 'string' ? groups[0] : ''))), text);
}
