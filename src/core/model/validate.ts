// Turns zod failures into one readable sentence, the same for API, CLI and config.
import type { z } from 'zod';
import { invalid } from '../errors.ts';

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((k) => `${[field, k].filter(Boolean).join('.')}: is not a field that can be set here`).join('; ');
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
