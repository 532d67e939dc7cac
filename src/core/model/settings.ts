// Settings shapes shared by the API, the CLI and the dashboard.
import { z } from 'zod';
import defaults from '../../../config/default.json' with { type: 'json' };
import { SENDER_LIMITS } from './labels.ts';
import { KEY_TYPES } from './providers.ts';

type SystemSpec = typeof defaults.system;
export type SystemConfigKey = keyof SystemSpec;
export type SystemConfig = { [K in SystemConfigKey]: SystemSpec[K]['default'] };

export const SYSTEM_DEFAULTS = Object.fromEntries(
  Object.entries(defaults.system).map(([key, spec]) => [key, spec.default]),
) as SystemConfig;

/** One field of the system configuration, with the bounds of config/default.json. */
function systemField(key: string, spec: { default: number | boolean; min?: number; max?: number; step?: number }) {
  if (typeof spec.default === 'boolean') return z.boolean({ error: `${key} must be true or false` });
  const { min = 0, max = Number.MAX_SAFE_INTEGER, step } = spec;
  let field = z
    .number({ error: `${key} must be a number` })
    .min(min, `${key} must be between ${min} and ${max}`)
    .max(max, `${key} must be between ${min} and ${max}`);
  if (step) field = field.refine((v) => Math.abs(v / step - Math.round(v / step)) < 1e-9, `${key} must be a multiple of ${step}`);
  return field;
}

const systemShape = Object.fromEntries(
  Object.entries(defaults.system).map(([key, spec]) => [key, systemField(key, spec)]),
) as unknown as Record<SystemConfigKey, z.ZodType>;

/** A whole or partial system configuration; fields not sent keep their current value. */
export const SystemConfigInput = z.object(systemShape).partial().strict().meta({ id: 'SystemConfigInput' });

export const SystemConfigBody = z.object(systemShape).meta({ id: 'SystemConfig' });

export const EMAIL_PROVIDERS = ['brevo', 'resend', 'smtp'] as const;
export const EmailProvider = z.enum(EMAIL_PROVIDERS, { error: "provider must be 'brevo', 'resend' or 'smtp'" });
export type EmailProvider = z.infer<typeof EmailProvider>;

export const SenderIdentityPart = z.enum(['sender name', 'sender address', 'postal address']);
export type SenderIdentityPart = z.infer<typeof SenderIdentityPart>;

/** Text that can go into a URL: a lone UTF-16 surrogate (half of an emoji, as a broken paste or
 * a JSON "\ud800" leaves) has no UTF-8 form, and percent-encoding it throws. */
const encodable = (v: string) => !/[\ud800-\udfff]/u.test(v);
/** A host name (letters of any script, digits, dots, hyphens) or an IP address ([::1] for IPv6):
 * anything else ("a/b", "a b", "user@host") would make another SMTP URL than the one meant. */
const HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}.-]*[\p{L}\p{N}])?|\[[0-9a-fA-F:.]+\])$/u;
/** An API key travels in an HTTP header: printable ASCII only. */
const API_KEY = /^[\x21-\x7e]+$/;

export const EmailConfigInput = z
  .object({
    provider: EmailProvider.optional(),
    from_email: z
      .string({ error: 'from_email must be text' })
      .trim()
      .pipe(z.email('from_email must be an email address, like you@agency.example'))
      .optional(),
    from_name: z
      .string({ error: 'from_name must be text' })
      .trim()
      .max(SENDER_LIMITS.from_name, `from_name must be at most ${SENDER_LIMITS.from_name} characters`)
      .refine((v) => !/[\r\n<>]/.test(v), 'from_name must be one line without < or >')
      .optional(),
    email_signature: z
      .string({ error: 'email_signature must be text' })
      .max(SENDER_LIMITS.email_signature, `email_signature must be at most ${SENDER_LIMITS.email_signature} characters`)
      .optional(),
    postal_address: z
      .string({ error: 'postal_address must be text' })
      .trim()
      .max(SENDER_LIMITS.postal_address, `postal_address must be at most ${SENDER_LIMITS.postal_address} characters`)
      .optional(),
    tracking_enabled: z.boolean({ error: 'tracking_enabled must be true or false' }).optional(),
    brevo_api_key: z.string().trim().min(1, 'Please enter your Brevo API key').regex(API_KEY, 'Brevo API Key contains an invalid character').optional(),
    resend_api_key: z.string().trim().min(1, 'Please enter your Resend API key').regex(API_KEY, 'Resend API Key contains an invalid character').optional(),
    smtp_host: z.string().trim().min(1, 'Please enter the SMTP host').regex(HOST, 'SMTP Host must be a host name or IP address, like smtp.example.com').optional(),
    smtp_port: z.number().int().min(1).max(65535).optional(),
    smtp_user: z.string().refine(encodable, 'SMTP Username contains an invalid character').optional(),
    smtp_password: z.string().refine(encodable, 'SMTP Password contains an invalid character').optional(),
    smtp_secure: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'EmailConfigInput' });
export type EmailConfigInput = z.infer<typeof EmailConfigInput>;

export const EmailConfig = z
  .object({
    configured: z.boolean(),
    provider: EmailProvider.nullable(),
    from_email: z.string().nullable(),
    from_name: z.string().nullable().meta({ description: "The sender's own name; null until set (emails are never signed with the product's name)" }),
    email_signature: z.string(),
    signature_preview: z.string(),
    postal_address: z.string().nullable().meta({ description: "The sender's postal address, in every email's footer" }),
    tracking_enabled: z.boolean().meta({ description: 'Opens and clicks tracked (adds a minimal HTML part)' }),
    provider_key_configured: z.boolean(),
    source: z.enum(['environment', 'database']).nullable(),
    smtp: z.object({ host: z.string(), port: z.number(), user: z.string(), secure: z.boolean() }).nullable(),
    sender_ready: z.boolean().meta({ description: 'Sender name, address and postal address are all set: real providers may send' }),
    sender_missing: z.array(SenderIdentityPart).meta({ description: 'What the sender identity still lacks' }),
  })
  .meta({ id: 'EmailConfig' });
export type EmailConfig = z.infer<typeof EmailConfig>;

/** Whether emails may go out through a real provider; readable by every signed-in user. */
export const SenderIdentityStatus = z
  .object({ ready: z.boolean(), missing: z.array(SenderIdentityPart), message: z.string().nullable() })
  .meta({ id: 'SenderIdentityStatus' });
export type SenderIdentityStatus = z.infer<typeof SenderIdentityStatus>;

const KeyStatus = z.object({
  configured: z.boolean(),
  last_updated: z.string().nullable(),
  source: z.enum(['environment', 'database']).nullable(),
});
export const ApiKeyStatus = z
  .object({
    serpapi_api_key: KeyStatus,
    gemini_api_key: KeyStatus.extend({ selected_model: z.string() }),
    google_custom_search_api: KeyStatus.extend({ engine_id: z.string().nullable() }),
    google_ads_api: KeyStatus.extend({ client_id: z.string().nullable(), customer_id: z.string().nullable() }),
  })
  .meta({ id: 'ApiKeyStatus' });
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

export const ValidateKeyInput = z
  .object({
    key_type: z.enum(KEY_TYPES, { error: `key_type must be one of ${KEY_TYPES.join(', ')}` }),
    key_value: z.string({ error: 'key_value is required' }).trim().min(1, 'key_value is required'),
    engine_id: z.string().trim().optional(),
    api_key: z.string().trim().optional(),
    google_ads_data: z.object({ developer_token: z.string().optional(), customer_id: z.string().optional() }).optional(),
  })
  .meta({ id: 'ValidateKeyInput' });
export type ValidateKeyInput = z.infer<typeof ValidateKeyInput>;

export const SettingWrite = z
  .object({
    key: z.string({ error: 'key is required' }).min(1, 'key is required'),
    value: z.string({ error: 'value must be text' }),
    category: z.string().optional(),
    encrypt: z.boolean().optional(),
    description: z.string().optional(),
  })
  .meta({ id: 'SettingWrite' });

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** The caller's value in a message, so that a list's error names the entry that is wrong. */
const given = (input: unknown) => `'${String(input).slice(0, 40)}'`;
export const OptimalTime = z
  .object({
    day: z.enum(WEEKDAYS, { error: (i) => `day ${given(i.input)} is not a weekday name such as Tuesday` }),
    time_range: z
      .string({ error: "time_range must be text such as '09:00-11:00'" })
      .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, { error: (i) => `time_range ${given(i.input)} must look like '09:00-11:00'`, abort: true })
      .refine((r) => r.slice(0, 5) < r.slice(6), { error: (i) => `time_range ${given(i.input)} must end after it starts`, abort: true })
      // The spec's rule counts whole hours (start hour <= hour < end hour): 09:15-09:45 would never open.
      .refine((r) => Number(r.slice(0, 2)) < Number(r.slice(6, 8)), {
        error: (i) => `time_range ${given(i.input)} must contain the start of an hour: windows count whole hours, so 09:15-09:45 would never open`,
      }),
  })
  .meta({ id: 'OptimalTime' });
export const OptimalSendingTimes = z.object({ optimal_times: z.array(OptimalTime).max(50) }).meta({ id: 'OptimalSendingTimes' });
export type OptimalSendingTimes = z.infer<typeof OptimalSendingTimes>;
