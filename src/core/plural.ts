// A count with its noun ("1 business", "4 businesses"): one helper for every text the CLI, the
// API and the dashboard build from a number, so no screen says "4 businesss" or "1 leads".

/** The regular English plural of a noun, or of a phrase's last word ("new business" → "new businesses"). */
export function pluralOf(phrase: string): string {
  const [, head, word] = /^(.*?)(\S*)$/.exec(phrase)!;
  if (/[^aeiou]y$/i.test(word)) return `${head}${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/i.test(word)) return `${head}${word}es`;
  return `${head}${word}s`;
}

/** "1 business", "1,200 businesses"; `many` for an irregular form ("1 draft goes", "3 drafts go"). */
export function plural(n: number, one: string, many: string = pluralOf(one)): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
