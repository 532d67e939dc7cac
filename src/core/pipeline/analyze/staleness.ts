// Signs a site has not been touched for years, each quoted from the page: a copyright year
// several years old ("© 2016"), news or posts whose latest date is years old, a notice from the
// pandemic ("Bitte tragen Sie … eine FFP2-Maske"), and software versions the Wappalyzer rules
// detected that their makers stopped supporting long ago (jQuery 1.x, Flash, WordPress 4). Pure
// rules: the current date is an argument, and nothing is said without the words on the page.
import { CREDITED_CONFIDENCE, type Finding } from '../../model/analysis.ts';
import { measured } from './crawl-findings.ts';

/** A copyright year this many years before the current one (or more) is stale. */
export const STALE_COPYRIGHT_YEARS = 3;

export interface CopyrightNotice {
  /** The notice as quoted ("© 2016 Smith Plumbing"), trimmed. */
  quote: string;
  /** The latest year it names (the end of a range). */
  year: number;
  /** A web designer's credit ("Website by © Aleksander Cieśla - 2018"): it dates the maker's work, not the business's. */
  credit: boolean;
}

// "© 2016", "&copy; 2012 - 2019", "(c) 2016", "Copyright 2016", "Copyright © 2015–2017"; the years may follow a name.
const NOTICE = /(?:©|\(c\)|copyright\b)\s*(?:©\s*)?(?:[^\d\n]{0,40}?)((?:19|20)\d{2})(?:\s*(?:[-–—]|to|bis|à|a)\s*((?:19|20)\d{2}))?/giu;
// A year that says when the business began, not when the page was written.
const FOUNDING = /(?:since|est\.?|established|founded(?: in)?|seit|depuis|desde|dal|fondée? en|gegründet)\s*$/iu;

// The words that introduce a web designer's credit, just before its "©": "Website by ©",
// "Realizacja: ©" (a maker named by "by", or a credit's heading and its colon).
const CREDIT =
  /(?<!\p{L})(?:(?:web\s?site|web\s?design|design(?:ed)?|made|created|developed|built|powered|erstellt|gestaltet|r[ée]alis[ée]e?|con[çc]u|dise[ñn]ad[oa]|desarrollad[oa]|realizzat[oa]|sviluppat[oa]|ontworpen|gemaakt|desenvolvid[oa]|criad[oa])\s+(?:by|przez|von|par|por|da|door)|(?:realizacja|projekt(?: i wykonanie)?|wykonanie|web\s?design|gestaltung|umsetzung|conception|r[ée]alisation|dise[ñn]o(?: web)?|realizzazione|ontwerp)\s*:)\s*$/iu;

const RIGHTS = /[.,]?\s*(?:all rights|alle rechte|tous droits|todos los derechos|tutti i diritti|wszelkie prawa|(?:web)?site by|designed by|powered by|web design)/i;

/** The copyright notices in a page's text, with the latest year each names. */
export function copyrightNotices(text: string): CopyrightNotice[] {
  const out: CopyrightNotice[] = [];
  for (const m of text.matchAll(NOTICE)) {
    const between = m[0].slice(0, m[0].indexOf(m[1]));
    // "© since 1998"; "© {{.Now "2006"}}" (a template the server never filled: no year shown at all).
    if (FOUNDING.test(between) || /\{\{|\{%|<\?|\$\{/.test(between)) continue;
    const first = Number(m[1]);
    const last = m[2] ? Number(m[2]) : first;
    // The rest of the line (the owner's name), up to a separator or "All rights reserved".
    const tail = /^[^\n|·•]*/.exec(text.slice(m.index! + m[0].length, m.index! + m[0].length + 80))![0].split(RIGHTS)[0];
    const quote = `${m[0]}${tail}`.replace(/\s+/g, ' ').trim().replace(/[,;:–—-]+$/, '').trim();
    out.push({ quote: quote.slice(0, 80), year: Math.max(first, last), credit: CREDIT.test(text.slice(Math.max(0, m.index! - 40), m.index!)) });
  }
  return out;
}

/**
 * "© 2016" on a page in 2026: the site looks untouched. Only when every notice on the page is
 * that old (a range ending this year is current), none is in the future, and no script on the
 * page writes the year itself (a template that shows the current year in the browser).
 */
export function staleCopyrightFinding(text: string, html: string, url: string, now: Date): Finding | undefined {
  const notices = copyrightNotices(text);
  if (notices.length === 0 || /getFullYear|getUTCFullYear/.test(html)) return undefined;
  const current = now.getUTCFullYear();
  const latest = Math.max(...notices.map((n) => n.year));
  if (latest > current || current - latest < STALE_COPYRIGHT_YEARS) return undefined;
  const notice = notices.find((n) => n.year === latest && !n.credit) ?? notices.find((n) => n.year === latest)!;
  // Only a web designer's credit shows the year: true of the footer, a weak sign of the business's site (CREDITED_CONFIDENCE).
  return measured(
    'stale_copyright',
    `The footer still says "${notice.quote}"`,
    `the home page's ${notice.credit ? "web designer's credit" : 'copyright notice'} reads "${notice.quote}": ${current - latest} years before ${current}`,
    url,
    notice.credit ? CREDITED_CONFIDENCE : 0.9,
    latest,
  );
}

// Months as pages write them in the eight languages (Polish in its genitive too: "14 sierpnia 2019").
const MONTHS =
  'jan(?:uary|uar|vier|eiro)?|feb(?:ruary|ruar)?|f[ée]vrier|fevereiro|febbraio|febrero|mar(?:ch|s|zo|ço|co)?|m[äa]rz|maart|apr(?:il|ile)?|avril|abril|may|mai|mayo|maggio|maio|mei|jun[ie]?|juin|junio|junho|giugno|juni|jul[iy]?|juillet|julio|julho|luglio|aug(?:ust|ustus)?|ao[ûu]t|agosto|sep(?:t|tember|tembre|tiembre)?|settembre|setembro|o[ck]t(?:ober|obre|ubre)?|ottobre|outubro|nov(?:ember|embre|iembre)?|novembro|dec(?:ember)?|d[ée]cembre|dezember|diciembre|dicembre|dezembro|' +
  'stycze[ńn]|stycznia|luty|lutego|marzec|marca|kwiecie[ńn]|kwietnia|maj|maja|czerwiec|czerwca|lipiec|lipca|sierpie[ńn]|sierpnia|wrzesie[ńn]|wrze[śs]nia|pa[źz]dziernik|pa[źz]dziernika|listopad|listopada|grudzie[ńn]|grudnia|gennaio|enero|januari|februari|aprile|juli|augustus|oktober|december';
/** A whole date, day, month and year: 14/08/2019, 14.08.2019, 2013-10-21, 14 August 2019, August 14, 2019, 14. August 2019, 14 de agosto de 2019. */
const DATE = new RegExp(
  [
    String.raw`(?<![\p{L}\d/.-])(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-]((?:19|20)\d{2})(?![\d/]|[.-]\d)`,
    String.raw`(?<![\p{L}\d/.-])(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])/((?:19|20)\d{2})(?![\d/]|[.-]\d)`,
    String.raw`(?<![\p{L}\d/.-])((?:19|20)\d{2})-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d/-])`,
    String.raw`(?<![\p{L}\d])(?:0?[1-9]|[12]\d|3[01])\.?\s+(?:de\s+)?(?:${MONTHS})\.?\s+(?:de\s+)?((?:19|20)\d{2})(?!\d)`,
    String.raw`(?<![\p{L}\d])(?:${MONTHS})\.?\s+(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?\s+((?:19|20)\d{2})(?!\d)`,
  ].join('|'),
  'giu',
);
const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)/g;

/** The home page shows this many whole dates (news, posts, events) or more before its latest can say the page is not kept up. */
export const DATED_ENTRIES = 3;

/**
 * News, posts or a guestbook whose latest date is years old (nothing after "23/08/2019", on a
 * page in 2026): the page has not been kept up since. Only when the home page shows at least
 * DATED_ENTRIES whole dates, the latest is STALE_COPYRIGHT_YEARS or more behind, and no year on
 * the page (a newer copyright, "since 2024") is later than it: then it is the page's latest date.
 */
export function staleDatesFinding(text: string, url: string, now: Date): Finding | undefined {
  const dates = [...text.matchAll(DATE)].map((m) => ({ quote: m[0].replace(/\s+/g, ' ').trim(), year: Number(m.slice(1).find(Boolean)) }));
  if (dates.length < DATED_ENTRIES) return undefined;
  const current = now.getUTCFullYear();
  const latest = Math.max(...dates.map((d) => d.year));
  const years = [...text.matchAll(YEAR)].map((m) => Number(m[0]));
  if (current - latest < STALE_COPYRIGHT_YEARS || years.some((y) => y > latest)) return undefined;
  // Said as its year: which of "14/08/2019" and "08/23/2019" is later depends on how the page writes its days.
  const quoted = [...new Set(dates.filter((d) => d.year === latest).map((d) => `"${d.quote}"`))].slice(0, 3).join(', ');
  return measured(
    'stale_dates',
    `The latest dates on the home page are from ${latest}`,
    `the home page shows ${dates.length} dates, none later than ${latest} (${quoted}), ${current - latest} years before ${current}; no later year is on the page`,
    url,
    0.9,
    latest,
  );
}

// The rules and notices of the COVID-19 pandemic, as a page that still shows them words them in
// the eight languages: masks, distancing, restrictions, "due to COVID". Not the words alone (a
// practice may still offer a COVID vaccination), only a rule or a notice.
const PANDEMIC_NOTICE = new RegExp(
  [
    String.raw`\bmasks? (?:are |is )?(?:required|mandatory|must be worn)|\bwear (?:a|your) (?:face )?mask|\bface coverings?\b|\bsocial(?:ly)? distanc\w+|\bcovid(?:-19)? (?:restrictions|measures|guidelines|precautions|protocols?|rules|safety)|\bdue to (?:covid|the coronavirus|the pandemic)`,
    String.raw`\bFFP2-Maske|\bMaskenpflicht|\bMund-Nasen-(?:Schutz|Bedeckung)|\bCorona-(?:Regeln|Maßnahmen|Verordnung|Schutzmaßnahmen)|\b[23]G-Regel|\bwegen (?:der )?Corona`,
    String.raw`\bport du masque|\bmasque obligatoire|\bpass sanitaire|\bgestes barri[èe]res`,
    String.raw`\bmascarilla obligatoria|\buso (?:obligatorio )?de (?:la )?mascarilla|\bdistancia social`,
    String.raw`\bmascherina obbligatoria|\bobbligo (?:di|della) mascherina|\bgreen pass|\bmisure anti-?covid`,
    String.raw`\bmondkapje|\b1,5 meter afstand|\bcoronamaatregelen`,
    String.raw`maseczk\w* (?:jest )?obowiązkow|\bobowiązek (?:noszenia )?maseczek|\bw związku z (?:pandemią|epidemią|koronawirusem)|\breżim(?:u|em)? sanitarn`,
    String.raw`\bmáscara obrigatória|\buso (?:obrigatório )?de máscara|\bdistanciamento social`,
  ].join('|'),
  'iu',
);

/** Every notice PANDEMIC_NOTICE reads holds one of these, in lower case. */
const PANDEMIC_WORDS = ['mask', 'masq', 'masch', 'masc', 'masecz', 'máscara', 'covering', 'distanc', 'covid', 'corona', 'ffp2', 'mund-nasen', 'g-regel', 'sanitaire', 'barri', 'green pass', 'mondkap', 'meter afstand', 'pandemi', 'epidemi', 'koronawirus', 'sanitarn'];

/**
 * A pandemic-era notice the home page still shows ("Bitte tragen Sie … eine FFP2-Maske", "call to
 * check current opening hours and COVID restrictions"): quoted as the page writes it.
 */
export function pandemicNoticeFinding(text: string, url: string): Finding | undefined {
  // A cheap look for its words first: the rule itself is slow to run over a page that has none.
  const lower = text.toLowerCase();
  if (!PANDEMIC_WORDS.some((w) => lower.includes(w)) || !PANDEMIC_NOTICE.test(text)) return undefined;
  const line = text.split('\n').find((l) => PANDEMIC_NOTICE.test(l))!;
  // The sentence that says it, as the page writes it, clipped to what an email can quote.
  const sentence = line.split(/(?<=[.!?])\s+/).find((x) => PANDEMIC_NOTICE.test(x))!.replace(/\s+/g, ' ').trim();
  const quote = sentence.length <= 140 ? sentence : `${sentence.slice(0, 137).replace(/\s+\S*$/, '')}…`;
  return { ...measured('pandemic_notice', `The home page still shows a COVID-19 notice: "${quote}"`, `the home page's visible text reads "${quote}"`, url, 0.9), quote };
}

/** A detected technology with the version Wappalyzer read, and the markup that shows it. */
export interface VersionedTechnology {
  name: string;
  version: string;
  evidence: string;
}

interface Support {
  /** Why this version is old, or undefined when it is not. */
  old(version: string, major: number, minor: number): string | undefined;
  /** Flash needs no version: every version is dead. */
  anyVersion?: string;
}

const OLD: Record<string, Support> = {
  jQuery: { old: (_v, major) => (major > 0 && major < 3 ? 'jQuery 1.x and 2.x were replaced by 3.0 in June 2016 and no longer get security fixes' : undefined) },
  'jQuery UI': { old: (_v, major, minor) => (major === 1 && minor < 13 ? 'jQuery UI before 1.13 (October 2021) has known cross-site-scripting flaws' : undefined) },
  AngularJS: { old: (_v, major) => (major === 1 ? 'AngularJS (1.x) reached end of life on 31 December 2021' : undefined) },
  Bootstrap: { old: (_v, major) => (major > 0 && major <= 3 ? 'Bootstrap 3 and earlier reached end of life in July 2019' : undefined) },
  WordPress: { old: (_v, major) => (major > 0 && major < 5 ? 'WordPress 5.0 replaced the 4.x line in December 2018' : undefined) },
  PHP: {
    old: (_v, major, minor) => {
      const ended: Record<string, string> = { '5': 'December 2018', '7.0': 'January 2019', '7.1': 'December 2019', '7.2': 'November 2020', '7.3': 'December 2021', '7.4': 'November 2022', '8.0': 'November 2023' };
      const end = ended[major < 7 && major > 0 ? '5' : `${major}.${minor}`];
      return end ? `PHP ${major}.${minor} stopped receiving security fixes in ${end}` : undefined;
    },
  },
  'Adobe Flash': { old: () => undefined, anyVersion: 'Adobe ended Flash on 31 December 2020 and browsers no longer run it' },
};

/** The technologies whose versions are judged (the analyser also loads their detection rules). */
export const VERSIONED_TECHNOLOGIES: readonly string[] = Object.keys(OLD);

/** Old software the page shows, one finding naming each technology, its version and its evidence. */
export function outdatedSoftwareFinding(detected: VersionedTechnology[], url: string): Finding | undefined {
  const found: string[] = [];
  const names: string[] = [];
  for (const t of detected) {
    const rule = OLD[t.name];
    if (!rule || names.includes(t.name)) continue;
    if (rule.anyVersion) {
      names.push(t.name);
      found.push(`${t.name} (${t.evidence}): ${rule.anyVersion}`);
      continue;
    }
    const m = /^(\d+)(?:\.(\d+))?/.exec(t.version);
    if (!m) continue; // no version read: say nothing
    const why = rule.old(t.version, Number(m[1]), Number(m[2] ?? 0));
    if (!why) continue;
    names.push(`${t.name} ${t.version}`);
    found.push(`${t.name} ${t.version} (${t.evidence}): ${why}`);
  }
  if (found.length === 0) return undefined;
  const claim = `Outdated software: ${names.join(', ')}`;
  return measured('outdated_software', claim, found.join('; '), url, 0.9, null);
}
