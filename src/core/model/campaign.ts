// Campaign shapes shared by the API, the CLI and the dashboard.
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };
import { CAMPAIGN_STATUSES } from './campaign-status.ts';
import { AbTestResults, SubjectStyle, SubjectVariantsInput } from './ab-test.ts';
import { Sequence, SequenceInput } from './sequence.ts';

export { CAMPAIGN_STATUSES, type CampaignStatus } from './campaign-status.ts';
export const CampaignMode = z.enum(['test', 'live'], { error: "mode must be 'test' or 'live'" });

const bounded = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const text = (field: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).optional().transform((v) => v || undefined);

const { restart } = defaults.campaigns;

export const CreateCampaignInput = z
  .object({
    name: text('name', 200),
    search_query: text('search_query', 300),
    industry: optionalText('industry', 100),
    location: optionalText('location', 200),
    mode: CampaignMode.default('test'),
    max_results: bounded('max_results', 1, 1000).optional(),
    max_emails: bounded('max_emails', 1, 10000).optional(),
    subject_variants: SubjectVariantsInput.optional(),
    /** Follow-ups: steps (1-5), business days between them, stop on click. Omitted: the first email only. */
    sequence: SequenceInput.optional(),
    report_pages: z
      .boolean({ error: 'report_pages must be true or false' })
      .optional()
      .meta({ description: "Offer each lead its personal report page (/r/<token>: its site's screenshots and measured numbers) in the first email; default true" }),
    start: z
      .boolean({ error: 'start must be true or false' })
      .optional()
      .meta({ description: 'Start it at once (DRAFT → RUNNING), as "Create and start" does; omitted or false: it stays a DRAFT' }),
  })
  .strict()
  .meta({ id: 'CreateCampaignInput' });
export type CreateCampaignInput = z.infer<typeof CreateCampaignInput>;

// A running test's arms are fixed: changing them would mix two experiments.
export const UpdateCampaignInput = CreateCampaignInput.omit({ subject_variants: true, start: true })
  .partial()
  .extend({ max_results: bounded('max_results', 1, 1000).nullable().optional(), max_emails: bounded('max_emails', 1, 10000).nullable().optional() })
  .strict()
  .meta({ id: 'UpdateCampaignInput' });
export type UpdateCampaignInput = z.infer<typeof UpdateCampaignInput>;

export const RestartInput = z
  .object({
    max_emails: bounded('max_emails', restart.max_emails.min, restart.max_emails.max).default(restart.max_emails.default),
    max_results: bounded('max_results', restart.max_results.min, restart.max_results.max).default(restart.max_results.default),
  })
  .strict()
  .meta({ id: 'RestartInput' });
export type RestartInput = z.infer<typeof RestartInput>;

export const BulkRerunInput = z
  .object({ campaign_ids: z.array(z.number().int().positive(), { error: 'campaign_ids must be a list of ids' }).min(1, 'Please select campaigns to rerun').max(100) })
  .strict()
  .meta({ id: 'BulkRerunInput' });

export const Campaign = z
  .object({
    id: z.number(),
    name: z.string(),
    search_query: z.string(),
    industry: z.string().nullable(),
    location: z.string().nullable(),
    mode: CampaignMode,
    status: z.enum(CAMPAIGN_STATUSES),
    max_results: z.number().nullable(),
    max_emails: z.number().nullable(),
    sequence: Sequence,
    report_pages: z.boolean().meta({ description: "The first email offers each lead its personal report page (signed link, expiring after report_expiry_days)" }),
    lead_list_id: z.number().nullable().meta({ description: 'Set when the campaign reads an imported lead list instead of a search service' }),
    total_leads: z.number().meta({ description: 'Businesses found (leads of the campaign)' }),
    processed_leads: z.number().meta({ description: 'Leads no work waits for any more: leads_analysed + leads_failed' }),
    leads_analysed: z.number().meta({ description: 'Leads whose website was read and analysed' }),
    leads_failed: z.number().meta({
      description: "Leads whose website could not be read (or whose work gave up): never counted as analysed. Each lead's last_error says why in plain words, e.g. \"Website not analysed: the site's certificate is not trusted\"",
    }),
    leads_not_analysed: z.number().meta({
      description: 'Leads of a campaign that is not running nor a draft, never analysed, without an error and with no analysis queued (work a crash lost): requeue them',
    }),
    emails_generated: z.number(),
    emails_sent: z.number(),
    emails_opened: z.number(),
    emails_replied: z.number(),
    conversions: z.number(),
    leads_with_email: z.number(),
    audits: z.number().meta({ description: 'Site audits the campaign queued (one per lead it will write to)' }),
    audits_finished: z.number().meta({ description: 'Of those, the finished ones: measured, or not measured with the reason' }),
    email_success_rate: z.number().meta({ description: 'Percent of processed leads with a contact email' }),
    current_website_url: z.string().nullable(),
    phase: z.string().nullable(),
    last_error: z.string().nullable(),
    search_note: z.string().nullable().meta({
      description: 'Why the search found fewer businesses than max_results asked for, from what the search service answered (e.g. "the search returned only 1 result"); null when it found them all',
    }),
    requeued_leads: z.number().nullable().meta({ description: 'How many leads the last "Requeue leads" queued, until the campaign completes again; null otherwise' }),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    subject_variants: z.array(SubjectStyle).nullable().meta({ description: 'Subject A/B test: one style per variant (A, B, C); null without a test' }),
    ab_test: AbTestResults.nullable().meta({ description: 'Per-variant sent, human opens and replies with the significance of the difference; null without a test' }),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;
