// The links an email's plain-text body contains, in order. Click tracking refers to a
// link by its position in this list, so a redirect can only ever lead to a URL the
// email itself carried (no open redirect).
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'()]+/gi;
// Sentence punctuation after a URL belongs to the sentence, not the URL.
const TRAILING = /[.,;:!?]+$/;

export function extractLinks(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => m[0].replace(TRAILING, ''));
}
