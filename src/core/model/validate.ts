// Turns zod failures into one readable sentence, the same for API, CLI and config.
import { z } from 'zod';
import { invalid } from '../errors.ts';
import { escapeRegExp } from '../regexp.ts';

/** What a message quotes of the caller's input: at most `max` characters, cut with "…". */
export function quote(value: unknown, max = 100): string {
  const text = String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** "10000" → "10,000" in a bound a person reads ("between 1 and 10,000", "at most 2,000"). */
const readableBounds = (message: string) => message.replace(/\b(between|and|at most|at least) (\d{4,})\b/g, (_, word: string, n: string) => `${word} ${Number(n).toLocaleString('en-US')}`);


/**
 * One sentence for every issue. With `labels` (the API: what the dashboard's forms call each
 * field, see labels.ts) a field is named as its form labels it: "max_emails must be between 1
 * and 10000" becomes "Max Emails must be between 1 and 10,000". Without (the CLI) the field
 * keeps the name its users type.
 */
export function describeIssues(error: z.ZodError, labels: Readonly<Record<string, string>> = {}): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((k) => `${quote([field, k].filter(Boolean).join('.'))}: is not a field that can be set here`).join('; ');
      }
      const key = issue.path.at(-1);
      const label = typeof key === 'string' && Object.hasOwn(labels, key) ? labels[key] : undefined;
      const message = issue.message;
      if (label) {
        // The message names its field: name it in the form's words instead.
        const named = new RegExp(`(^|[^\\w.])${escapeRegExp(field)}(?![\\w])|(^|[^\\w.])${escapeRegExp(String(key))}(?![\\w])`);
        if (named.test(message)) return readableBounds(message.replace(named, (_m, a = '', b = '') => `${a}${b}${label}`));
        if (message.toLowerCase().includes(label.toLowerCase())) return readableBounds(message);
        return readableBounds(`${label}: ${message}`);
      }
      // Messages that already name their field read better alone.
      return field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
    })
    .join('; ');
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeIssues(result.error));
  return result.data;
}

/**
 * A whole number as a request or a command line writes it: plain decimal digits only, so that
 * "0x10", "%2016", "0b10000", "16.0" or "1e1" never name record 16. Positive unless `min` is 0.
 */
export function wholeNumber(field: string, { min = 1, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  // An id is positive; a number with a range says the range when it is out of it ("0" → between 1 and 365).
  const ranged = max !== Number.MAX_SAFE_INTEGER;
  const digits = min >= 1 && !ranged ? /^[1-9][0-9]*$/ : /^(?:0|[1-9][0-9]*)$/;
  const range = ranged ? `${field} must be between ${min} and ${max}` : `${field} must be a ${min >= 1 ? 'positive ' : ''}whole number`;
  return z
    .string({ error: `${field} must be a whole number` })
    .regex(digits, `${field} must be a ${min >= 1 && !ranged ? 'positive ' : ''}whole number written in digits`)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, range);
}
