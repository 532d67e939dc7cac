// The ports core uses to reach the outside world. Adapters in src/providers implement
// them; core never imports an adapter. Every adapter throws ProviderError on failure.
import type { BusinessInput, BusinessProfile, EmailBrief, FollowUpBrief, WrittenEmail } from './analysis.ts';
import type { ReplyClassification, ReplyDraft, ReplyDraftBrief, ReplyToClassify } from './reply-classification.ts';

/** The metered services (usage events and quotas are kept per service). */
export const METERED_SERVICES = ['email', 'serpapi', 'google_custom_search', 'gemini', 'pagespeed'] as const;
export type MeteredService = (typeof METERED_SERVICES)[number];

export type ProviderFailure =
  | 'auth' // invalid or revoked key: never retried
  | 'rate_limited' // 429: retried after a pause
  | 'quota_exhausted' // the provider's own plan/quota is used up: not retried
  | 'unavailable' // 5xx, network error, timeout: retried
  | 'rejected' // the provider refused this item for good (e.g. a hard bounce)
  | 'bad_request' // other 4xx: our request is wrong, not retried
  | 'bad_response'; // an answer we cannot use (unparseable, fails validation)

export class ProviderError extends Error {
  constructor(
    readonly service: string,
    readonly kind: ProviderFailure,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
    /** The request may have been processed before it failed (e.g. a timeout after sending): never repeat it blindly. */
    readonly uncertain = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return !this.uncertain && (this.kind === 'rate_limited' || this.kind === 'unavailable');
  }
}

/** Who a call is made for, so its usage is attributed (and its quota errors reported) there. */
export interface CallContext {
  campaignId?: number | null;
}

// ---- Search ---------------------------------------------------------------------------

export interface SearchRequest {
  /** What to look for, e.g. "plumbers". */
  query: string;
  /** Where, e.g. "Austin, TX". */
  location?: string;
  /** Zero-based page number. */
  page: number;
  pageSize: number;
}

export interface SearchHit {
  title: string;
  url: string;
  address?: string;
  phone?: string;
  rating?: number;
  reviews?: number;
  snippet?: string;
  /** From the operator's own list: the contact it knows (kept unless the site gives a better one). */
  email?: string;
  contactName?: string;
  city?: string;
}

export interface SearchPage {
  hits: SearchHit[];
  hasMore: boolean;
  /** Results of this page the provider left out, and why (a search says why it found fewer than asked). */
  skipped?: { noWebsite: number; duplicates: number };
}

export interface SearchProvider {
  readonly id: 'serpapi' | 'google_cse' | 'sandbox';
  /** The metered service behind it; undefined for offline providers. */
  readonly service?: MeteredService;
  search(request: SearchRequest, context?: CallContext): Promise<SearchPage>;
}

// ---- AI -------------------------------------------------------------------------------

export interface TokenUsage {
  tokensIn: number;
  tokensOut: number;
}

export interface AiAnswer<T> {
  value: T;
  usage: TokenUsage;
  model: string;
}

export interface AiProvider {
  readonly id: 'gemini' | 'heuristic';
  readonly service?: MeteredService;
  readonly model: string;
  analyzeBusiness(input: BusinessInput, context?: CallContext): Promise<AiAnswer<BusinessProfile>>;
  writeEmail(input: EmailBrief, context?: CallContext): Promise<AiAnswer<WrittenEmail>>;
  writeFollowUp(input: FollowUpBrief, context?: CallContext): Promise<AiAnswer<WrittenEmail>>;
  /** What a person's reply says (class and sentiment); a malformed answer is a ProviderError, never a guess. */
  classifyReply(input: ReplyToClassify, context?: CallContext): Promise<AiAnswer<ReplyClassification>>;
  /** A proposed answer to a reply, for the operator to edit and send (never sent by itself). */
  draftReply(input: ReplyDraftBrief, context?: CallContext): Promise<AiAnswer<ReplyDraft>>;
}

// ---- Email ----------------------------------------------------------------------------

export interface Mailbox {
  email: string;
  name?: string;
}

export interface OutgoingEmail {
  /** Stable id: the Message-ID and, where the provider supports one, the idempotency key. */
  messageId: string;
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

export interface SentReceipt {
  providerMessageId: string;
}

export interface MailProvider {
  readonly id: 'brevo' | 'resend' | 'smtp' | 'outbox';
  readonly service?: MeteredService;
  /** The provider dedupes by messageId, so handing an email over twice cannot deliver it twice. */
  readonly idempotent?: boolean;
  send(message: OutgoingEmail, context?: CallContext): Promise<SentReceipt>;
}

// ---- Key validation -------------------------------------------------------------------

export const KEY_TYPES = [
  'serpapi',
  'gemini',
  'google_custom_search_api_key',
  'google_custom_search_engine_id',
  'brevo',
  'resend',
  'google_ads_api',
] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export interface KeyCheck {
  valid: boolean;
  message: string;
}
