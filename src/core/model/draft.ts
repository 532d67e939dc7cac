// Drafts: emails in status DRAFT, waiting for a human to review them (test mode).
import { DRAFT_LIMITS } from './labels.ts';
import { wholeNumber } from './validate.ts';
import { z } from 'zod';
import { SubjectVariant, VARIANT_KEYS } from './ab-test.ts';
import { RecipientCheck } from './verification.ts';

export const Draft = z
  .object({
    id: z.number(),
    campaign_id: z.number().nullable(),
    lead_id: z.number(),
    step: z.number().meta({ description: '1 for a first email; 2 and up for a follow-up in its thread' }),
    steps: z.number().nullable().meta({ description: "A follow-up's sequence length when it was written ('Follow-up 2 of 3'); null for a first email" }),
    recipient_email: z.string(),
    subject: z.string(),
    body: z.string(),
    first_line: z.string().meta({ description: "The body's first line after the greeting (its first paragraph, spaces collapsed, at most 400 characters, '…' when cut): what the Drafts list shows under the subject; '' when the body has nothing beyond a greeting. Untrusted text: render it escaped" }),
    quality_score: z.number().nullable(),
    lead_hostname: z.string(),
    lead_url: z.string(),
    lead_title: z.string().nullable(),
    lead_company_name: z.string().nullable().meta({ description: "The business's own name, when the analysis found it (the Drafts list names the business by it, else by lead_hostname)" }),
    generated_at: z.string().nullable(),
    recipient_check: RecipientCheck,
    send_at: z.string().meta({ description: "When it would go if approved now: now when its recipient's sending window is open (on the recipient's clock), else the window's next opening" }),
    recipient_timezone: z.string().meta({ description: "The zone the recipient's window is read in: the lead's, else the server's" }),
    quality_breakdown: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The quality parts and what the claim checker found: claims {ok, stated, problems, removed}, and review_reason when the draft must be looked at before sending' }),
    ab_variant: z.enum(VARIANT_KEYS).nullable().meta({ description: "The subject A/B test's arm this email is in; null outside a test" }),
    ab_subjects: z.array(SubjectVariant).nullable().meta({ description: "Every arm's subject for this lead: what the other arms would have said" }),
  })
  .meta({ id: 'Draft' });
export type Draft = z.infer<typeof Draft>;

export const DraftQuery = z.object({
  campaign_id: wholeNumber('campaign_id').optional(),
  min_quality: z
    .string()
    .regex(/^\d+(?:\.\d+)?$/, 'min_quality must be a number between 0 and 1, e.g. 0.6')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 1, 'min_quality must be between 0 and 1')
    .optional(),
  search: z.string().trim().max(200).optional(),
});
export type DraftQuery = z.infer<typeof DraftQuery>;

export const DraftList = z.object({ drafts: z.array(Draft), count: z.number() }).meta({ id: 'DraftList' });
export type DraftList = z.infer<typeof DraftList>;

/** A draft field being edited: text, not empty once trimmed, at most `max` characters. */
const editedText = (field: 'subject' | 'body', max: number, hint: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is empty: ${hint}`)
    .max(max, `${field} must be at most ${max} characters`)
    .optional();

export const DraftEdit = z
  .object({
    subject: editedText('subject', DRAFT_LIMITS.subject, 'write the subject line'),
    body: editedText('body', DRAFT_LIMITS.body, 'write the email'),
    recipient_email: z
      .string({ error: 'recipient_email must be text' })
      .trim()
      .toLowerCase()
      .pipe(z.email('recipient_email must be an email address, like owner@business.example'))
      .optional(),
  })
  .strict()
  .meta({ id: 'DraftEdit' });
export type DraftEdit = z.infer<typeof DraftEdit>;

export const DraftIds = z
  .object({ draft_ids: z.array(z.number().int().positive(), { error: 'draft_ids must be a list of ids' }).min(1, 'Select at least one draft').max(1000) })
  .strict()
  .meta({ id: 'DraftIds' });
