// Turns zod failures into one readable sentence, the same for API, CLI and config.
import { z } from 'zod';
import { invalid } from '../errors.ts';

/** What a message quotes of the caller's input: at most `max` characters, cut with "…". */
export function quote(value: unknown, max = 100): string {
  const text = String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((k) => `${quote([field, k].filter(Boolean).join('.'))}: is not a field that can be set here`).join('; ');
      }
      // Messages that already name their field read better alone.
      return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
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
