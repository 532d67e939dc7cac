// Reply detection shapes shared by the API, the CLI and the dashboard: the IMAP mailbox
// polled for replies, the Brevo webhook, and what one check of the mailbox found.
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };

/** The IMAP mailbox polled for replies: what the poller and the Settings check log in to. */
export interface ImapAccount {
  host: string;
  port: number;
  user: string;
  password: string;
  mailbox: string;
}

const Source = z.enum(['environment', 'database']).nullable();
const PORT_RANGE = 'port must be a whole number between 1 and 65535';

export const ReplyDetectionInput = z
  .object({
    host: z
      .string({ error: 'Please enter the IMAP host' })
      .trim()
      .min(1, 'Please enter the IMAP host')
      .max(253, 'host must be at most 253 characters')
      .regex(/^[^\s/@]+$/, 'host must be a server name such as imap.example.com (no imap://, no user name)'),
    port: z.number({ error: PORT_RANGE }).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE).default(defaults.email.imap.default_port),
    user: z.string({ error: 'Please enter the IMAP user name' }).trim().min(1, 'Please enter the IMAP user name').max(320, 'user must be at most 320 characters'),
    password: z
      .string({ error: 'password must be text' })
      .max(1024, 'password must be at most 1024 characters')
      .optional()
      .meta({ description: 'Leave out (or empty) to keep the stored password' }),
  })
  .strict()
  .meta({ id: 'ReplyDetectionInput' });
export type ReplyDetectionInput = z.input<typeof ReplyDetectionInput>;

export const BrevoWebhook = z
  .object({
    url: z.string().meta({ description: 'Paste this URL into Brevo (Transactional → Settings → Webhooks)' }),
    token_configured: z.boolean(),
    source: Source,
  })
  .meta({ id: 'BrevoWebhook' });
export type BrevoWebhook = z.infer<typeof BrevoWebhook>;

export const ReplyDetection = z
  .object({
    configured: z.boolean(),
    host: z.string().nullable(),
    port: z.number().nullable(),
    user: z.string().nullable(),
    password_configured: z.boolean(),
    source: Source,
    webhook: BrevoWebhook,
  })
  .meta({ id: 'ReplyDetection' });
export type ReplyDetection = z.infer<typeof ReplyDetection>;

export const WebhookToken = z
  .object({
    token: z.string().meta({ description: 'Shown once: Brevo must send it as Authorization: Bearer <token>' }),
    url: z.string(),
  })
  .meta({ id: 'BrevoWebhookToken' });
export type WebhookToken = z.infer<typeof WebhookToken>;

export const ReplyCheck = z
  .object({
    configured: z.boolean().meta({ description: 'false: no IMAP mailbox is set up, nothing was read' }),
    checked: z.number(),
    replies: z.number(),
    auto_replies: z.number(),
    unsubscribes: z.number(),
    bounces: z.number().meta({ description: "Delivery failure reports in a thread: handled as bounces" }),
    complaints: z.number().meta({ description: 'Feedback-loop reports (ARF) about our emails: spam complaints (the address is suppressed; never a reply)' }),
  })
  .meta({ id: 'ReplyCheck' });
export type ReplyCheck = z.infer<typeof ReplyCheck>;
