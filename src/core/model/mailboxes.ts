// The sending mailboxes as the API, the CLI and the dashboard see them (src/core/mailboxes).
import { z } from 'zod';
import { GuardFiguresOut } from './sending-guards.ts';
import { EmailConfigInput } from './settings.ts';

export const MailboxProvider = z.enum(['brevo', 'resend', 'smtp', 'outbox'], { error: 'provider must be brevo, resend, smtp or outbox' });
export type MailboxProvider = z.infer<typeof MailboxProvider>;

const f = EmailConfigInput.shape;
const limits = {
  daily_cap: z.number({ error: 'daily_cap must be a number' }).int('daily_cap must be a whole number').min(1, 'daily_cap must be at least 1').max(5000, 'daily_cap must be at most 5000'),
  min_spacing_seconds: z
    .number({ error: 'min_spacing_seconds must be a number' })
    .int('min_spacing_seconds must be a whole number')
    .min(0, 'min_spacing_seconds must be 0 or more')
    .max(86_400, 'min_spacing_seconds must be at most 86400 (a day)'),
  ramp: z.boolean({ error: 'ramp must be true or false' }),
};
const identity = {
  label: z.string({ error: 'label must be text' }).trim().min(1, 'label is empty: name the mailbox').max(100, 'label must be at most 100 characters'),
  from_email: f.from_email,
  from_name: f.from_name,
  signature: f.email_signature,
};
const credentials = {
  api_key: f.brevo_api_key,
  smtp_host: f.smtp_host,
  smtp_port: f.smtp_port,
  smtp_user: f.smtp_user,
  smtp_password: f.smtp_password,
  smtp_secure: f.smtp_secure,
};

export const MailboxInput = z
  .object({ provider: MailboxProvider, ...identity, ...credentials, daily_cap: limits.daily_cap.optional(), min_spacing_seconds: limits.min_spacing_seconds.optional(), ramp: limits.ramp.optional() })
  .strict()
  .meta({ id: 'MailboxInput' });
export type MailboxInput = z.infer<typeof MailboxInput>;

/** A change to a mailbox: any of its fields (a new credential is tested first); null removes the cap. */
export const MailboxUpdate = z
  .object({
    ...identity,
    ...credentials,
    daily_cap: limits.daily_cap.nullable(),
    min_spacing_seconds: limits.min_spacing_seconds,
    ramp: limits.ramp,
  })
  .partial()
  .strict()
  .meta({ id: 'MailboxUpdate' });
export type MailboxUpdate = z.infer<typeof MailboxUpdate>;

export const CampaignMailboxesInput = z
  .object({ mailbox_ids: z.array(z.number().int().positive(), { error: 'mailbox_ids must be a list of mailbox ids' }).max(100) })
  .strict()
  .meta({ id: 'CampaignMailboxesInput' });

export const Mailbox = z
  .object({
    id: z.number(),
    label: z.string(),
    provider: z.enum(['brevo', 'resend', 'smtp', 'outbox']),
    primary: z.boolean().meta({ description: 'Mailbox 1: its provider, sender and signature are Settings → Email' }),
    from_email: z.string().nullable(),
    from_name: z.string().nullable(),
    signature: z.string().nullable(),
    smtp: z.object({ host: z.string(), port: z.number(), user: z.string(), secure: z.boolean() }).nullable(),
    daily_cap: z.number().nullable().meta({ description: 'Sends in a rolling 24 hours once ramped up; null: no cap of its own (the daily email quota holds)' }),
    min_spacing_seconds: z.number(),
    ramp: z.boolean(),
    ramp_day: z.number().meta({ description: 'Days since the ramp started, counting from 1' }),
    allowance_today: z.number().nullable().meta({ description: "Today's allowance: the ramp's, up to the cap; null: no limit of its own" }),
    sent_24h: z.number(),
    room: z.number().nullable().meta({ description: 'What it may still send now; null: no limit of its own' }),
    paused: z.object({ at: z.string(), reason: z.string() }).nullable(),
    test: z.object({ at: z.string(), ok: z.boolean(), result: z.string() }).nullable(),
    last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
    domain: z
      .object({ domain: z.string(), checked_at: z.string().nullable(), summary: z.string().nullable().meta({ description: 'Each verdict of the last check, as found' }), refusal: z.string().nullable() })
      .nullable()
      .meta({ description: "Its sending domain's last SPF, DKIM and blocklist check through its provider (null for the outbox), and what refuses its live sending (null: nothing)" }),
    guard: GuardFiguresOut.nullable().meta({ description: "Its sends, hard bounces and complaints over the bounce and complaint guard's window" }),
    ramp_warning: z.string().nullable().meta({ description: 'What skipping the ramp risks, when it is skipped' }),
    created_at: z.string(),
  })
  .meta({ id: 'Mailbox' });
export type Mailbox = z.infer<typeof Mailbox>;
