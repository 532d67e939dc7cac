// Outreach emails as the API, the CLI and the dashboard see them, and the bodies of the
// calls that act on them.
import { wholeNumber } from './validate.ts';
import { z } from 'zod';
import { decodeEmailCursor, EMAIL_PAGE_SIZE, INVALID_EMAIL_CURSOR } from '../emails/cursor.ts';
import { EMAIL_STATUSES } from './lead.ts';
import { RecipientCheck } from './verification.ts';

const time = z.string().nullable().meta({ description: 'ISO 8601 time' });

export const EmailItem = z
  .object({
    id: z.number(),
    campaign_id: z.number().nullable(),
    lead_id: z.number(),
    step: z.number().meta({ description: "Position in the campaign's sequence: 1 is the first email, 2 and up are follow-ups in its thread" }),
    subject: z.string(),
    body: z.string(),
    recipient_email: z.string(),
    status: z.enum(EMAIL_STATUSES),
    quality_score: z.number().nullable(),
    generated_at: time,
    sent_at: time,
    opened_at: time,
    clicked_at: time,
    replied_at: time,
    scheduled_send_time: time,
    send_at: time.meta({
      description:
        "When a queued email goes: its scheduled time, else the next opening of its recipient's sending window (on the recipient's clock); null unless QUEUED",
    }),
    recipient_timezone: z.string().meta({ description: "The zone the recipient's window is read in: the lead's, else the server's" }),
    recipient_timezone_source: z.string().meta({ description: "Where that zone came from, e.g. \"analysis: address 'Denver, CO 80202'\"" }),
    open_count: z.number(),
    click_count: z.number(),
    machine_open_count: z.number().meta({ description: 'Opens by security scanners and privacy proxies: not engagement' }),
    machine_click_count: z.number().meta({ description: 'Clicks by security scanners: not engagement' }),
    report_viewed_at: time.optional().meta({ description: "When a person first viewed the lead's report page after this email was sent" }),
    report_view_count: z.number().optional().meta({ description: "Views of the lead's report page by people, after this email was sent" }),
    machine_report_view_count: z.number().optional().meta({ description: 'Views of the report page by scanners and prefetchers: not engagement' }),
    last_error: z.string().nullable(),
    recipient_check: RecipientCheck,
    lead: z.object({ id: z.number(), title: z.string().nullable(), company_name: z.string().nullable(), url: z.string(), hostname: z.string() }),
  })
  .meta({ id: 'Email' });
export type EmailItem = z.infer<typeof EmailItem>;

export { EMAIL_PAGE_SIZE };

export const EmailFilter = z.object({
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
  campaign_id: wholeNumber('campaign_id').optional(),
  mailbox_id: wholeNumber('mailbox_id', { min: 1 })
    .optional()
    .meta({ description: 'Only the emails going (or gone) from this mailbox; mailbox 1 includes the emails from before mailboxes' }),
});
export type EmailFilter = z.infer<typeof EmailFilter>;

export const EmailQuery = EmailFilter.extend({
  limit: wholeNumber('limit', { min: 1, max: EMAIL_PAGE_SIZE.max }).default(EMAIL_PAGE_SIZE.default),
  cursor: z
    .string()
    .refine((cursor) => cursor.length <= 1000 && decodeEmailCursor(cursor) !== undefined, INVALID_EMAIL_CURSOR)
    .optional()
    .meta({ description: 'next_cursor of the previous page' }),
});
export type EmailQuery = z.infer<typeof EmailQuery>;

/** One keyset page, newest first: by sent time, else scheduled time, else creation time; then id. */
export const EmailPage = z
  .object({
    items: z.array(EmailItem),
    next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page' }),
  })
  .meta({ id: 'EmailPage' });
export type EmailPage = z.infer<typeof EmailPage>;

const ids = (field: string, what: string) =>
  z.array(z.number().int().positive(), { error: `${field} must be a list of ids` }).min(1, `Select at least one ${what}`).max(1000, `At most 1000 ${what}s at a time`);

export const EmailIds = z.object({ email_ids: ids('email_ids', 'email') }).strict().meta({ id: 'EmailIds' });
export type EmailIds = z.infer<typeof EmailIds>;

export const ScheduleSmart = z
  .object({
    email_ids: ids('email_ids', 'email'),
    industry: z.string({ error: 'industry must be text' }).trim().min(1, 'industry is required').max(100).default('general'),
    schedule_for_tomorrow: z.boolean({ error: 'schedule_for_tomorrow must be true or false' }).default(true),
  })
  .strict()
  .meta({ id: 'ScheduleSmart' });
export type ScheduleSmart = z.infer<typeof ScheduleSmart>;

export const BulkApprove = z
  .object({
    draft_ids: ids('draft_ids', 'draft'),
    schedule_optimally: z
      .boolean({ error: 'schedule_optimally must be true or false' })
      .default(false)
      .meta({ description: "Accepted for compatibility and ignored: the server decides from each recipient's sending window, on the recipient's clock" }),
    confirm_risky: z
      .boolean({ error: 'confirm_risky must be true or false' })
      .default(false)
      .meta({ description: 'Send to risky recipients too (without it, approving a draft to a risky address is refused with 409)' }),
  })
  .strict()
  .meta({ id: 'BulkApprove' });
export type BulkApprove = z.infer<typeof BulkApprove>;

export const ApproveResult = z
  .object({
    approved_count: z.number(),
    sent_immediately: z.boolean().meta({ description: 'True when the emails were released for sending now, false when queued for a window' }),
    scheduled_for: time.meta({ description: 'When the first of them goes' }),
    sending_enabled: z.boolean(),
    waiting_for: z
      .enum(['sending_enabled', 'sender'])
      .nullable()
      .meta({ description: 'What holds the approved emails in the queue whatever their window: sending turned off, or an incomplete sender with a real provider; null when nothing does' }),
    message: z.string().meta({ description: "What happens to the approved emails, in words: when they go, or what they wait for (e.g. 'Approved 3 drafts. They wait in the queue until the sender is complete: postal address')" }),
    emails: z
      .array(z.object({ id: z.number(), send_at: z.string(), timezone: z.string(), timezone_source: z.string() }))
      .meta({ description: "When each goes: now when its recipient's window is open, else when it next opens (on the recipient's clock)" }),
  })
  .meta({ id: 'ApproveResult' });
export type ApproveResult = z.infer<typeof ApproveResult>;

/** Send Now's answer: the email now, which mailer took it and what that means, in words. */
export const SendNowResult = EmailItem.extend({
  provider: z.string().meta({ description: "The mailer that took it: brevo, resend, smtp, or outbox (no provider configured: written to a local .eml file, not sent)" }),
  message: z.string().meta({ description: "e.g. 'Email sent successfully!' or 'Written to the local outbox (data/outbox) — no provider configured'" }),
  provider_message_id: z.string().meta({ description: "The id the mailer gave the message (Brevo's messageId, Resend's id, the SMTP server's Message-ID; for the outbox, outbox:<file name>)" }),
}).meta({ id: 'SendNowResult' });
export type SendNowResult = z.infer<typeof SendNowResult>;
