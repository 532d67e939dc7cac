// English, written with American spelling; british() turns it into British spelling for en-GB.
import { counted, type Phrasebook, type Slots } from './types.ts';

const site = (s: Slots) => (s.company ? `the ${s.company} website` : 'your website');
const where = (s: Slots) => (s.city ? ` in ${s.city}` : '');

export const en: Phrasebook = {
  greetNamed: (name) => [`Hi ${name},`, `Hello ${name},`],
  greetTeam: (company) => ['Hi there,', `Hi ${company} team,`],
  greetAnon: ['Hi there,', 'Hello,'],
  opener: (s, n) => [
    `I came across ${s.company ?? 'your business'}${where(s)} and spent a few minutes on your website. ${n === 1 ? 'One thing stood out that may be costing you inquiries:' : 'A few things stood out that may be costing you inquiries:'}`,
    `While looking at ${s.industryPlural ?? 'local businesses'}${where(s)}, I visited ${site(s)}, and ${n === 1 ? 'one thing stood out' : 'a few things stood out'}:`,
    `I had a look at ${site(s)} and wanted to share ${n === 1 ? 'one quick observation' : 'a few quick observations'}:`,
  ],
  finding: {
    site_broken: (v) =>
      v !== null && v >= 400
        ? `When I opened your home page, I got an error page instead of your site, so anyone looking you up right now can't see what you offer.`
        : `When I opened your home page, your site didn't load, so anyone looking you up right now can't see what you offer.`,
    no_ssl: () => `Your site doesn't use a secure connection (https), so browsers warn visitors that it's "Not secure" before they read a word.`,
    no_viewport: () => `The pages aren't set up for mobile, so visitors on their phones have to pinch and zoom, and many leave before they get in touch.`,
    no_contact_form: () => `There's no contact form, so people who would rather write than call have no easy way to reach you, and many simply move on.`,
    no_booking: () => `Customers can't book an appointment online, which many now expect to do in the evening, after you've closed.`,
    slow_home: () => 'Your home page is slow to open, and many visitors give up before it appears.',
    broken_links: (v) =>
      counted(
        v,
        (n) => `There are ${n} broken links on your site that lead nowhere, which makes the site look neglected.`,
        `There's a broken link on your site that leads nowhere, which makes the site look neglected.`,
        'There are broken links on your site that lead nowhere, which makes the site look neglected.',
      ),
    broken_images: (v) =>
      counted(
        v,
        (n) => `There are ${n} broken images on your site that no longer load, which makes the pages look neglected.`,
        `There's a broken image on your site that no longer loads, which makes the page look neglected.`,
        'There are broken images on your site that no longer load, which makes the pages look neglected.',
      ),
    certificate_expired: () => `Your site's security certificate has expired, so browsers show visitors a "Not secure" warning page instead of your site.`,
    certificate_expiring: () => `Your site's security certificate is about to expire; once it does, browsers will warn visitors that the site is "Not secure".`,
    stale_copyright: (v) => (v !== null ? `Your footer still says © ${v}, which makes visitors wonder whether the business is still running.` : `Your footer still shows an old copyright year, which makes visitors wonder whether the business is still running.`),
    outdated_software: () => 'Your site runs software versions its makers stopped updating years ago, which leaves it open to known security holes.',
    search_position: (v) => (v !== null ? `When I searched for your trade in your area, your site came up only at number ${v}, below the competitors people click first.` : `When I searched for your trade in your area, your site came up below the competitors people click first.`),
    no_ecommerce: () => `Visitors can't buy online from your site, so sales to people who won't come in person slip away.`,
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
        (n) => `On your home page, ${n} images have no size set, so the page jumps around while it loads.`,
        'An image on your home page has no size set, so the page jumps around while it loads.',
        'Some images on your home page have no size set, so the page jumps around while it loads.',
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
  },
  value: {
    broken: ["Until it's back up, every visit from a search or an ad is a missed chance."],
    one: [
      `It's a contained fix, and it would help more of the people who already find you get in touch.`,
      'Fixing it would make the site work harder for you, turning more of your existing visitors into inquiries.',
    ],
    many: [
      'Each of these is a contained fix, and together they make it easier for the people who already find you to get in touch.',
      'None of this needs a full rebuild, and it would turn more of your existing visitors into inquiries.',
      'Fixing them would make the site work harder for you and help more of your visitors become customers.',
    ],
  },
  credibility: [
    'I build and repair websites for small businesses, so these are the things I notice first.',
    'I run a small web design studio and help local businesses with exactly this kind of work.',
    'Helping local businesses tidy up their websites is what I do day to day.',
  ],
  padding: [
    `No pressure either way; I simply thought you'd want to know.`,
    'Most visitors decide very quickly whether to get in touch, so small details on a home page matter.',
  ],
  cta: [
    'Would you be open to a short call next week? I can walk you through what I found.',
    `If it helps, I can send a short written summary of the fixes I'd suggest. Just reply to this email.`,
    'Would it be useful if I sketched out how a refreshed home page could look?',
  ],
  none: {
    opener: (s) => [
      `I came across ${s.company ?? 'your business'}${where(s)} and wanted to introduce myself.`,
      `While looking at ${s.industryPlural ?? 'local businesses'}${where(s)}, I found ${site(s)} and thought I'd say hello.`,
    ],
    body: [
      'I build and look after websites for small businesses, and I help them turn more of the people who find them online into customers.',
      `Nothing on your site jumped out at me as urgent, so this is simply a hello.`,
      `If a website question ever comes up, from small changes to a fresh design, I'd be glad to be the person you ask.`,
    ],
    cta: [
      'If that sounds useful, just reply to this email and we can find a time to talk.',
      'If it would help, I can send you a few honest notes on the site.',
    ],
    padding: ['No pressure either way, and thank you for reading.', 'Either way, I wish you a good season ahead.'],
  },
  followUp: {
    addOne: ['Following up on my note below with one more thing I noticed while I was on your site:', 'A short follow-up to my last email: there is one more thing I noticed that is worth a look.'],
    nudge: ['I wanted to bring my note below back to the top of your inbox, in case it got buried.', 'Just checking whether my last email reached you; I know how busy the week gets.'],
    cta: [`If it's useful, just reply and I'll send over a few ideas.`, 'Would a short call next week work for you?'],
    last: [`This is my last note on this, so I won't keep filling your inbox. If the timing is ever better, just reply to this email.`],
  },
  subject: {
    generic: (c) => [`A quick question about the ${c} website`, `An idea for ${c}`, `The ${c} website`],
    byFinding: {
      site_broken: (c) => [`A problem with the ${c} website`],
      no_ssl: (c) => [`${c} and the "Not secure" warning`],
      no_viewport: (c) => [`${c} on phones`, `The ${c} website on mobile`],
      no_booking: (c) => [`Online booking for ${c}`],
    },
    none: (c) => [`A quick hello to ${c}`, `A note for the ${c} team`],
    plain: ['A quick question about your website', 'An idea for your website'],
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
