// The sending domain's check as the API, the CLI and the dashboard see it: SPF, DKIM, DMARC
// and MX (each with the record found and, when wrong or missing, the record to publish) and
// the DNS blocklists. Made by src/core/deliverability/ (domain-auth.ts, blocklists.ts).
import { z } from 'zod';

export const AUTH_STATUSES = ['ok', 'missing', 'wrong', 'unverified', 'not_checked'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export const DnsRecord = z
  .object({
    type: z.enum(['TXT', 'MX', 'CNAME']),
    name: z.string().meta({ description: 'The full name the record goes on' }),
    value: z.string().meta({ description: 'The value to publish; for a provider key, where to copy it from (never an invented key)' }),
  })
  .meta({ id: 'DnsRecord' });
export type DnsRecord = z.infer<typeof DnsRecord>;

export const AuthCheck = z
  .object({
    kind: z.enum(['spf', 'dkim', 'dmarc', 'mx']),
    status: z.enum(AUTH_STATUSES).meta({
      description: 'ok; missing (no record); wrong (a record that does not do the job); unverified (DNS did not answer, or the product cannot tell from DNS alone); not_checked (nothing to check: the outbox sends nothing)',
    }),
    summary: z.string().meta({ description: 'What was found, in one sentence' }),
    asked: z.array(z.string()).meta({ description: 'The DNS questions asked, as "TYPE name"' }),
    found: z.array(z.string()).meta({ description: 'The records found, verbatim' }),
    fix: z.string().nullable().meta({ description: 'What to do when not ok' }),
    publish: DnsRecord.nullable().meta({ description: 'The record to publish when missing or wrong' }),
    policy: z.enum(['none', 'quarantine', 'reject']).nullable().meta({ description: "DMARC only: the policy that applies to the sending domain (p=, or sp= for a subdomain under its organisation's record)" }),
  })
  .meta({ id: 'AuthCheck' });
export type AuthCheck = z.infer<typeof AuthCheck>;

export const BlocklistCheck = z
  .object({
    list: z.string().meta({ description: "The list's name" }),
    zone: z.string(),
    subject: z.string().meta({ description: 'The domain or IPv4 address looked up' }),
    query: z.string().meta({ description: 'The A question asked' }),
    status: z.enum(['clean', 'listed', 'unverified', 'not_checked']).meta({
      description: 'clean: NXDOMAIN; listed: a 127.0.0.x listing code; unverified: the list refused the query (Spamhaus 127.255.255.x: public resolver, too many queries) or DNS failed; not_checked: nothing to look up',
    }),
    answer: z.string().nullable().meta({ description: 'The A record answered, verbatim (the listing code)' }),
    summary: z.string(),
  })
  .meta({ id: 'BlocklistCheck' });
export type BlocklistCheck = z.infer<typeof BlocklistCheck>;

export const SendingIdentity = z
  .object({
    domain: z.string().nullable().meta({ description: "The from-address's domain; null when no sender address is set" }),
    provider: z.enum(['brevo', 'resend', 'smtp', 'outbox']),
    smtp_host: z.string().nullable(),
    dkim_selector: z.string().nullable().meta({ description: 'SMTP: the DKIM selector the operator named' }),
    spf_include: z.string().nullable().meta({ description: 'SMTP: the SPF include the operator named for the server' }),
  })
  .meta({ id: 'SendingIdentity' });
export type SendingIdentity = z.infer<typeof SendingIdentity>;

export const SendingDomainReport = z
  .object({
    identity: SendingIdentity,
    checked_at: z.string().meta({ description: 'ISO 8601 time of the check' }),
    dns_server: z.string().meta({ description: 'The DNS server asked (OUTREACH_DNS_SERVER, or "system resolver")' }),
    auth: z.array(AuthCheck),
    blocklists: z.array(BlocklistCheck),
    authenticated: z.boolean().meta({ description: 'SPF and DKIM both ok' }),
    listed: z.boolean().meta({ description: 'Some blocklist lists the domain or the server' }),
  })
  .meta({ id: 'SendingDomainReport' });
export type SendingDomainReport = z.infer<typeof SendingDomainReport>;

export const AuthOverride = z
  .object({
    domain: z.string(),
    by: z.string().meta({ description: 'Who overrode the rule (user name, or the terminal user)' }),
    at: z.string().meta({ description: 'ISO 8601 time of the override' }),
  })
  .meta({ id: 'AuthOverride' });
export type AuthOverride = z.infer<typeof AuthOverride>;

export const ListingAcknowledgement = z
  .object({
    domain: z.string().meta({ description: 'The sending domain whose live sending the listing paused' }),
    list: z.string().meta({ description: "The list's name" }),
    zone: z.string(),
    subject: z.string().meta({ description: 'The domain or IPv4 address listed' }),
    answer: z.string().nullable().meta({ description: 'The listing code the list answered' }),
    checked_at: z.string().meta({ description: 'The check that found the listing' }),
    by: z.string().meta({ description: 'Who acknowledged it' }),
    at: z.string().meta({ description: 'ISO 8601 time of the acknowledgement' }),
  })
  .meta({ id: 'ListingAcknowledgement' });
export type ListingAcknowledgement = z.infer<typeof ListingAcknowledgement>;

export const SendingDomainStatus = z
  .object({
    identity: SendingIdentity.meta({ description: 'The sender configured now' }),
    report: SendingDomainReport.nullable().meta({ description: 'The last check of this sender; null when it was never checked (or the sender changed since)' }),
    refusal: z.string().nullable().meta({
      description: 'Why live sending from this domain is refused, by its last check: SPF or DKIM missing or wrong and not overridden, or a blocklist listing not acknowledged. Null when nothing refuses it (a sender never checked is checked before its first live email)',
    }),
    override: AuthOverride.nullable().meta({ description: "The operator's override of the SPF and DKIM rule for this domain, or null" }),
    acknowledged: z.array(ListingAcknowledgement).meta({ description: "This domain's blocklist listings an operator acknowledged (they no longer hold live sending; a new listing does)" }),
  })
  .meta({ id: 'SendingDomainStatus' });
export type SendingDomainStatus = z.infer<typeof SendingDomainStatus>;

const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))+$/i;

export const SendingDomainCheckInput = z
  .object({
    dkim_selector: z
      .string({ error: 'dkim_selector must be text' })
      .trim()
      .max(200, 'dkim_selector must be at most 200 characters')
      .refine((v) => v === '' || SELECTOR.test(v), 'dkim_selector must be a DNS label such as s1 or mail2024 (the s= of a DKIM-Signature); empty forgets it')
      .optional()
      .meta({ description: 'SMTP: the selector your server signs with (saved; empty forgets it)' }),
    spf_include: z
      .string({ error: 'spf_include must be text' })
      .trim()
      .max(253, 'spf_include must be at most 253 characters')
      .refine((v) => v === '' || HOSTNAME.test(v.replace(/^include:/i, '')), 'spf_include must be a domain such as _spf.mailhost.com (the include: your mail host documents); empty forgets it')
      .optional()
      .meta({ description: "SMTP: the SPF include your mail host documents (saved; empty forgets it)" }),
  })
  .strict()
  .meta({ id: 'SendingDomainCheckInput' });
export type SendingDomainCheckInput = z.infer<typeof SendingDomainCheckInput>;

export const SendingDomainName = z
  .string({ error: 'domain must be text' })
  .trim()
  .transform((v) => v.slice(v.lastIndexOf('@') + 1).replace(/\.$/, '').toLowerCase())
  .refine((v) => HOSTNAME.test(v), 'domain must be a domain name such as agency.com (the part of the from-address after @)')
  .meta({ description: 'The sending domain (a from-address is accepted: its domain is taken)' });
