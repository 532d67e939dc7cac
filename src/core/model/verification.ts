// A recipient's check as the API, the CLI and the dashboard see it.
import { z } from 'zod';

export const RECIPIENT_VERDICTS = ['valid', 'risky', 'invalid'] as const;
export type RecipientVerdict = (typeof RECIPIENT_VERDICTS)[number];

export const RecipientCheck = z
  .object({
    verdict: z.enum(RECIPIENT_VERDICTS).meta({ description: 'valid: can receive mail; risky: might not, sending needs an explicit approval; invalid: never sent to' }),
    reason: z.string(),
    checked_at: z.string().meta({ description: 'ISO 8601 time' }),
    risk_accepted: z.boolean().meta({ description: 'An operator approved sending to this risky address' }),
  })
  .nullable()
  .meta({ id: 'RecipientCheck', description: 'The recipient address check; null when it was not checked yet' });
export type RecipientCheck = z.infer<typeof RecipientCheck>;
