// Small text helpers for the offline analyser/writer. Everything here is a pure function:
// the heuristic provider must give the same output for the same input.

/** FNV-1a 32-bit: a stable hash to vary phrasing per site without randomness. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Picks one option, the same one every time for the same seed and slot. */
export function pick<T>(options: readonly T[], seed: string, slot: string): T {
  return options[hash(`${seed}:${slot}`) % options.length];
}

export const clamp = (n: number, min = 0, max = 100): number => Math.min(max, Math.max(min, n));

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const capitalise = (text: string): string => (text ? text[0].toUpperCase() + text.slice(1) : text);

export const lowerFirst = (text: string): string => (text && !/^[A-Z]{2}/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ');
}

/** "a, b and c" */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const article = (word: string): string => (/^[aeiou]/i.test(word) && !/^(uni|use|eu)/i.test(word) ? 'an' : 'a');

export function sentence(text: string): string {
  const t = collapse(text);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Cuts to at most `max` words, on a word boundary. */
export function limitWords(text: string, max: number): string {
  const words = collapse(text).split(' ');
  return words.length <= max ? words.join(' ') : `${words.slice(0, max).join(' ')}...`;
}

export function hostnameOf(url: string, fallback = ''): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return fallback;
  }
}

/** "smith-plumbing.co.uk" → "Smith Plumbing" */
export function nameFromHostname(hostname: string): string {
  const label = hostname.replace(/^www\./i, '').split('.')[0] ?? hostname;
  return titleCase(label.replace(/[-_]+/g, ' ')) || hostname;
}

/** Words a spam filter (or a wary reader) reacts to; the writer never uses them. */
export const SPAM_TRIGGERS = [/\bfree\b/i, /\bguarantee/i, /!!/, /\bact now\b/i, /\burgent\b/i, /\bno obligation\b/i, /\brisk[- ]free\b/i, /\$\$/];

export const hasSpamTrigger = (text: string): boolean => SPAM_TRIGGERS.some((re) => re.test(text));
