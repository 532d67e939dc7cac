// A/B tests of subject lines, as the API, the CLI and the dashboard see them. The operator
// picks two or three subject styles; each arm (A, B, C) is one style, written per lead by the
// writer and checked like any subject. Results are per arm: sent, human opens, replies.
import { z } from 'zod';
import { SUBJECT_STYLES, VARIANT_KEYS, defaultStyles } from './subject-styles.ts';

export { SUBJECT_STYLES, SUBJECT_STYLE_LABELS, VARIANT_KEYS, defaultStyles, type VariantKey } from './subject-styles.ts';
export const SubjectStyle = z.enum(SUBJECT_STYLES, { error: `subject styles are ${SUBJECT_STYLES.join(', ')}` });
export type SubjectStyle = z.infer<typeof SubjectStyle>;

/** Two or three distinct styles, in arm order (A, B, C). */
export const SubjectVariantsInput = z
  .array(SubjectStyle, { error: `subject_variants must be a list of 2 or 3 styles (${SUBJECT_STYLES.join(', ')})` })
  .min(2, 'subject_variants needs 2 or 3 styles: one per variant')
  .max(3, 'subject_variants takes at most 3 styles')
  .refine((styles) => new Set(styles).size === styles.length, 'subject_variants must not repeat a style')
  .meta({ id: 'SubjectVariantsInput', description: 'Subject A/B test: one style per variant (A, B, C), e.g. ["finding", "question"]' });

/** One arm's subject for one email, kept so the operator sees what the other arms would have said. */
export const SubjectVariant = z.object({ variant: z.enum(VARIANT_KEYS), style: SubjectStyle, subject: z.string() }).meta({ id: 'SubjectVariant' });
export type SubjectVariant = z.infer<typeof SubjectVariant>;

export const Significance = z
  .object({
    enough_data: z.boolean(),
    significant: z.boolean(),
    /** The arm with the highest rate, when the difference is significant. */
    winner: z.enum(VARIANT_KEYS).nullable(),
    z: z.number().nullable(),
    p_value: z.number().nullable(),
    label: z.string().meta({ description: 'What to tell the operator, e.g. "not enough data yet (40 of 100 sent per variant)"' }),
  })
  .meta({ id: 'Significance' });
export type Significance = z.infer<typeof Significance>;

export const VariantResult = z
  .object({
    variant: z.enum(VARIANT_KEYS),
    style: SubjectStyle,
    sent: z.number(),
    opened: z.number().meta({ description: 'Sent emails opened by a person (machine opens are not counted here)' }),
    replied: z.number(),
    machine_opens: z.number().meta({ description: 'Opens by security scanners and privacy proxies, counted apart' }),
    open_rate: z.number().nullable(),
    reply_rate: z.number().nullable(),
  })
  .meta({ id: 'VariantResult' });
export type VariantResult = z.infer<typeof VariantResult>;

export const AbTestResults = z
  .object({
    subject_styles: z.array(SubjectStyle),
    min_sent_per_variant: z.number(),
    variants: z.array(VariantResult),
    opens: Significance,
    replies: Significance,
  })
  .meta({ id: 'AbTestResults' });
export type AbTestResults = z.infer<typeof AbTestResults>;

/**
 * `--subject-variants` as typed: a count (2 or 3: the first styles in order) or styles separated
 * by commas ("question,name"). What it gives is validated by SubjectVariantsInput.
 */
export function subjectVariantsArg(raw: string): unknown {
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 2 && n <= 3 ? defaultStyles(n) : n;
  }
  return text.split(',').map((s) => s.trim().toLowerCase());
}
