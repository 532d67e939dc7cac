// A campaign's sequence: the first email and up to four follow-ups, each waiting a number
// of business days after the step before, and what stops it early.
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };

const { max_steps: MAX_STEPS, default_follow_up_days: DEFAULT_DAYS, max_follow_up_days: MAX_DAYS } = defaults.campaigns.sequence;
export { MAX_STEPS as MAX_SEQUENCE_STEPS, MAX_DAYS as MAX_FOLLOW_UP_DAYS };

/** The default delays for `steps` steps: +3, +7, then +7 for each further follow-up. */
export const defaultFollowUpDays = (steps: number): number[] => DEFAULT_DAYS.slice(0, Math.max(0, steps - 1));

export const Sequence = z
  .object({
    steps: z.number().meta({ description: 'Emails per lead: 1 is the first email only, up to 5 with follow-ups' }),
    follow_up_days: z.array(z.number()).meta({ description: 'Business days (Mon-Fri) each follow-up waits after the step before; one per follow-up' }),
    stop_on_click: z.boolean().meta({ description: 'Also stop when the lead clicks a link (a reply, bounce, unsubscribe, complaint, suppression, conversion or a status changed by hand always stops it)' }),
    stop_on_report_view: z.boolean().meta({ description: 'Also stop when a person views the lead\'s report page (scanners and prefetchers do not count)' }),
  })
  .meta({ id: 'Sequence' });
export type Sequence = z.infer<typeof Sequence>;

export const SequenceInput = z
  .object({
    steps: z
      .number({ error: 'sequence.steps must be a number' })
      .int('sequence.steps must be a whole number')
      .min(1, `sequence.steps must be between 1 and ${MAX_STEPS}`)
      .max(MAX_STEPS, `sequence.steps must be between 1 and ${MAX_STEPS}`)
      .default(1),
    follow_up_days: z
      .array(
        z
          .number({ error: 'sequence.follow_up_days must be numbers of business days' })
          .int('sequence.follow_up_days must be whole business days')
          .min(1, `each follow-up waits 1 to ${MAX_DAYS} business days`)
          .max(MAX_DAYS, `each follow-up waits 1 to ${MAX_DAYS} business days`),
        { error: 'sequence.follow_up_days must be a list of business days' },
      )
      .optional(),
    stop_on_click: z.boolean({ error: 'sequence.stop_on_click must be true or false' }).default(false),
    stop_on_report_view: z.boolean({ error: 'sequence.stop_on_report_view must be true or false' }).default(false),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.follow_up_days && s.follow_up_days.length !== s.steps - 1) {
      const n = s.steps - 1;
      ctx.addIssue({ code: 'custom', path: ['follow_up_days'], message: `sequence.follow_up_days needs one delay per follow-up: ${n} for ${s.steps} step${s.steps === 1 ? '' : 's'}, not ${s.follow_up_days.length}` });
    }
  })
  .transform((s): Sequence => ({ steps: s.steps, follow_up_days: s.follow_up_days ?? defaultFollowUpDays(s.steps), stop_on_click: s.stop_on_click, stop_on_report_view: s.stop_on_report_view }))
  .meta({ id: 'SequenceInput' });
export type SequenceInput = z.input<typeof SequenceInput>;

/** One email of a lead's thread in a campaign. */
export const ThreadEmail = z
  .object({
    id: z.number(),
    step: z.number(),
    subject: z.string(),
    body: z.string(),
    status: z.string(),
    sent_at: z.string().nullable(),
    scheduled_send_time: z.string().nullable(),
    /** Why a cancelled step was not sent. */
    note: z.string().nullable(),
  })
  .meta({ id: 'ThreadEmail' });
export type ThreadEmail = z.infer<typeof ThreadEmail>;

/** Where one lead is in its campaign's sequence (Lead detail, `outreach campaign show`). */
export const SequenceState = z
  .object({
    campaign_id: z.number(),
    steps: z.number(),
    /** The steps as they stand, first to last. */
    emails: z.array(ThreadEmail),
    /** When the next step falls due, while the sequence runs and has one left. */
    next_step: z.number().nullable(),
    next_due_at: z.string().nullable(),
    /** Why it stopped early, or null. */
    stopped: z.string().nullable(),
    finished: z.boolean(),
    stops_on: z.array(z.string()),
  })
  .meta({ id: 'SequenceState' });
export type SequenceState = z.infer<typeof SequenceState>;

/** A campaign's sequence as it stands (Campaigns screen, `outreach campaign show`). */
export const CampaignSequenceState = z
  .object({
    steps: z.number(),
    follow_up_days: z.array(z.number()),
    stop_on_click: z.boolean(),
    stop_on_report_view: z.boolean(),
    stops_on: z.array(z.string()),
    /** Each step's emails by status (SENT counts the opened, clicked and replied ones too). */
    by_step: z.array(z.object({ step: z.number(), sent: z.number(), waiting: z.number(), cancelled: z.number(), bounced: z.number(), replied: z.number() })),
    /** Follow-ups not written yet whose step falls due, and the first due time. */
    due: z.object({ count: z.number(), first_at: z.string().nullable() }),
  })
  .meta({ id: 'CampaignSequenceState' });
export type CampaignSequenceState = z.infer<typeof CampaignSequenceState>;
