// The offline email writer: short, plain text, built from the brief's real findings. The
// phrasing varies with a hash of the hostname, so a campaign's emails differ from one
// another while the same lead always gets the same email.
import type { EmailBrief, WrittenEmail } from '../../../core/model/analysis.ts';
import { gapForFinding } from './findings.ts';
import { capitalise, collapse, hasSpamTrigger, hostnameOf, limitWords, nameFromHostname, pick, sentence, wordCount } from './text.ts';

export const MIN_WORDS = 90;
export const MAX_WORDS = 180;

const known = (value?: string): string | undefined => {
  const v = collapse(value ?? '');
  return v && !/^unknown$/i.test(v) ? v : undefined;
};

/** "Maria Lopez" → "Maria"; "Dr. Ana Ruiz" → "Dr. Ruiz"; anything that is not clearly a name → undefined. */
export function greetingName(contact?: string): string | undefined {
  const full = collapse(contact ?? '');
  // Crawled text is untrusted: only a plain 1-4 word name goes into a greeting.
  if (!full || full.length > 60 || !/^[\p{L}][\p{L}'’.-]*( [\p{L}][\p{L}'’.-]*){0,3}$/u.test(full)) return undefined;
  const words = full.split(' ');
  const honorific = /^(dr|mr|mrs|ms|prof)\.?$/i.test(words[0]);
  if (honorific) return words.length > 1 ? `${capitalise(words[0].replace(/\.?$/, '.'))} ${words[words.length - 1]}` : undefined;
  return words[0];
}

interface Context {
  brief: EmailBrief;
  /** Undefined when the brief has no usable name: sentences then say "your website". */
  company?: string;
  host: string;
  seed: string;
  /** "the Smith Plumbing website (smith-plumbing.com)" or "your website". */
  site: string;
}

function context(brief: EmailBrief): Context {
  const host = hostnameOf(brief.url);
  const company = collapse(brief.company_name).slice(0, 80) || (host ? nameFromHostname(host) : undefined);
  const site = company ? `the ${company} website${host ? ` (${host})` : ''}` : 'your website';
  return { brief, company, host, seed: (host || company || brief.url).toLowerCase(), site };
}

function greeting({ brief, company, seed }: Context): string {
  const name = greetingName(brief.contact_name);
  if (name) return pick([`Hi ${name},`, `Hello ${name},`], seed, 'greet');
  return company && company.length <= 40 ? pick(['Hi there,', `Hi ${company} team,`], seed, 'greet') : 'Hi there,';
}

function opener({ brief, company, seed, site }: Context, count: number): string {
  const city = known(brief.city);
  const industry = known(brief.industry)?.toLowerCase();
  const lead = count === 1 ? 'One thing stood out' : 'A few things stood out';
  return pick(
    [
      `I came across ${company ?? 'your business'}${city ? ` in ${city}` : ''} and spent a few minutes on your website. ${lead} that may be costing you enquiries:`,
      `While looking at ${industry ? `${industry} businesses` : 'local businesses'}${city ? ` in ${city}` : ''}, I visited ${site}. ${lead}:`,
      `I had a look at ${site} and wanted to share ${count === 1 ? 'a quick observation' : 'a few quick observations'}:`,
    ],
    seed,
    'open',
  );
}

const VALUE_FALLBACKS: Record<'one' | 'many', string[]> = {
  one: [
    'It is a contained fix, and it would make it easier for the people who already find you to get in touch.',
    'Fixing it would make the site work harder for you, turning more of your existing visitors into enquiries.',
  ],
  many: [
    'Each of these is a contained fix, and together they make it easier for the people who already find you to get in touch.',
    'Fixing them would make the site work harder for you, turning more of your existing visitors into enquiries.',
    'None of this needs a full rebuild, and it would help more of your visitors become customers.',
  ],
};

const VALUE_WITHOUT_FINDINGS = [
  'The site already has a solid base, and a few refinements could turn more of your visitors into customers.',
  'Small improvements to the home page and the contact path usually bring in more enquiries from the same visitors.',
];

function valueSentence({ brief, seed }: Context, count: number): string {
  if (!count) return pick(VALUE_WITHOUT_FINDINGS, seed, 'value');
  const first = collapse(brief.value_proposition ?? '').split(/(?<=[.!?])\s/)[0] ?? '';
  if (first && wordCount(first) <= 40 && !hasSpamTrigger(first) && !/[[\]{}<>]/.test(first)) return sentence(first);
  return pick(VALUE_FALLBACKS[count === 1 ? 'one' : 'many'], seed, 'value');
}

// Nothing here claims experience the sender may not have (no "clients like you").
const CREDIBILITY = [
  'I build and repair websites for small businesses, so these are the things I notice first.',
  'I run a small web-design studio and help local businesses with exactly this kind of work.',
  'Helping local businesses tidy up their websites is what I do day to day.',
];

const CALLS_TO_ACTION = [
  'Would you be open to a short call next week? I can walk you through what I found in about 15 minutes.',
  'If it helps, I can send a short written summary of the fixes I would suggest. Just reply to this email.',
  'Would it be useful if I put together a quick example of how a refreshed home page could look?',
];

const PADDING = [
  'No pressure either way; I simply thought you would want to know.',
  'Most visitors decide within seconds whether to get in touch, so small details on the home page matter.',
];

function subject({ company, seed }: Context, labels: string[]): string {
  const site = company ? `the ${company} website` : 'your website';
  if (!labels.length) return `A few ideas for ${site}`;
  const [top] = labels;
  const more = labels.length > 1 ? ' and more' : '';
  const options = [`${company ?? 'Your website'}: ${top}`, `A quick note on ${site} (${top})`, `${company ? `${company} website` : 'Your website'}: ${top}${more}`];
  return pick(options, seed, 'subject').slice(0, 200);
}

export function writeEmail(brief: EmailBrief): WrittenEmail {
  const ctx = context(brief);
  const findings = [...new Set(brief.findings.map(collapse).filter(Boolean))].slice(0, 3).map(gapForFinding);
  const bullets = findings.map((f) => `- ${sentence(limitWords(f.plain, 30))}`);
  const compose = (withCredibility: boolean, padding: number, items: string[]): string => {
    const middle = items.length ? [opener(ctx, items.length), items.join('\n')] : [`I had a look at ${ctx.site} and have a few ideas that could bring you more enquiries.`];
    const closing = [valueSentence(ctx, items.length), ...(withCredibility ? [pick(CREDIBILITY, ctx.seed, 'cred')] : []), ...PADDING.slice(0, padding)].join(' ');
    return [greeting(ctx), ...middle, closing, pick(CALLS_TO_ACTION, ctx.seed, 'cta'), brief.signature].join('\n\n');
  };
  // Lengthen with neutral sentences when findings are few; shorten when they are long.
  let body = compose(true, 0, bullets);
  for (let padding = 1; wordCount(body) < MIN_WORDS && padding <= PADDING.length; padding++) body = compose(true, padding, bullets);
  if (wordCount(body) > MAX_WORDS) body = compose(false, 0, bullets);
  if (wordCount(body) > MAX_WORDS) body = compose(false, 0, bullets.slice(0, 2));
  return { subject: subject(ctx, findings.map((f) => f.label)), body };
}
