// Gemini through @google/genai: structured JSON answers validated with zod, token usage from
// the response's usage metadata, and every SDK failure turned into a ProviderError whose kind
// tells the shared retry/breaker layer what to do. The prompts are in gemini-prompts.ts.
import { ApiError, GoogleGenAI, Type, type Schema } from '@google/genai';
import { z } from 'zod';
import { BusinessProfile, WrittenEmail, type BusinessInput, type EmailBrief, type FollowUpBrief } from '../../core/model/analysis.ts';
import { ReplyClassification, ReplyDraft, type ReplyDraftBrief, type ReplyToClassify } from '../../core/model/reply-classification.ts';
import { analysisPrompt, ANALYSIS_SYSTEM, classifyPrompt, CLASSIFY_SYSTEM, emailPrompt, EMAIL_SYSTEM, followUpPrompt, FOLLOW_UP_SYSTEM, replyDraftPrompt, REPLY_DRAFT_SYSTEM } from './gemini-prompts.ts';
import { ProviderError, type AiAnswer, type AiProvider, type KeyCheck } from '../../core/model/providers.ts';

export interface GeminiAiOptions {
  apiKey: string;
  model: string;
  /** Defaults to the public endpoint; tests point it at the contract fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

const SERVICE = 'gemini';
const DEFAULT_TIMEOUT_MS = 60_000;

// ---- Schemas: zod → JSON Schema → Gemini's OpenAPI-subset Schema ----------------------
// responseSchema (not responseJsonSchema) because every model in config accepts it, including
// the 2.0 ones; keywords it does not know (minLength, additionalProperties, $schema) are dropped.

type JsonNode = Record<string, any>;
const TYPES: Record<string, Type> = {
  string: Type.STRING,
  number: Type.NUMBER,
  integer: Type.INTEGER,
  boolean: Type.BOOLEAN,
  array: Type.ARRAY,
  object: Type.OBJECT,
};

export function toGeminiSchema(node: JsonNode): Schema {
  let nullable = false;
  if (Array.isArray(node.anyOf)) {
    const rest = node.anyOf.filter((s: JsonNode) => s.type !== 'null');
    nullable = rest.length < node.anyOf.length;
    if (rest.length !== 1) return { anyOf: rest.map(toGeminiSchema), ...(nullable && { nullable }) };
    node = rest[0];
  }
  let type = node.type;
  if (Array.isArray(type)) {
    nullable ||= type.includes('null');
    type = type.find((t: string) => t !== 'null');
  }
  const out: Schema = { type: TYPES[type] ?? Type.STRING };
  if (nullable) out.nullable = true;
  if (typeof node.description === 'string') out.description = node.description;
  if (Array.isArray(node.enum)) out.enum = node.enum.map(String);
  // zod writes ±2^53 bounds for plain integers: meaningless to the model, so left out.
  if (typeof node.minimum === 'number' && Math.abs(node.minimum) < 1e9) out.minimum = node.minimum;
  if (typeof node.maximum === 'number' && Math.abs(node.maximum) < 1e9) out.maximum = node.maximum;
  if (node.items && typeof node.items === 'object') out.items = toGeminiSchema(node.items);
  if (node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, JsonNode>).map(([k, v]) => [k, toGeminiSchema(v)]));
    // Gemini 2.0 models follow propertyOrdering; without it they answer keys in any order.
    out.propertyOrdering = Object.keys(node.properties);
  }
  if (Array.isArray(node.required)) out.required = node.required;
  return out;
}

const PROFILE_SCHEMA = toGeminiSchema(z.toJSONSchema(BusinessProfile) as JsonNode);
const EMAIL_SCHEMA = toGeminiSchema(z.toJSONSchema(WrittenEmail.omit({ subject_variants: true })) as JsonNode);
// A subject A/B test asks for the variants too, as a required field.
const EMAIL_VARIANTS_SCHEMA = toGeminiSchema(z.toJSONSchema(WrittenEmail.required({ subject_variants: true })) as JsonNode);

const CLASSIFICATION_SCHEMA = toGeminiSchema(z.toJSONSchema(ReplyClassification) as JsonNode);
const REPLY_DRAFT_SCHEMA = toGeminiSchema(z.toJSONSchema(ReplyDraft) as JsonNode);

// ---- Errors ------------------------------------------------------------------------------

interface GoogleError {
  code?: number;
  message?: string;
  status?: string;
  details?: Array<Record<string, any>>;
}

/** The SDK puts the whole JSON error body (or a wrapper around a text body) in `message`. */
function googleError(raw: string): GoogleError {
  try {
    const parsed = JSON.parse(raw);
    const inner = parsed?.error ?? {};
    if (typeof inner.message === 'string' && inner.message.trim().startsWith('{')) return googleError(inner.message);
    return inner;
  } catch {
    return { message: raw };
  }
}

function retryDelaySeconds(details: GoogleError['details']): number | undefined {
  const info = details?.find((d) => String(d['@type']).endsWith('RetryInfo'));
  const seconds = parseFloat(String(info?.retryDelay ?? ''));
  return Number.isFinite(seconds) ? Math.ceil(seconds) : undefined;
}

/**
 * Gemini answers 429 RESOURCE_EXHAUSTED both for per-minute limits (wait and retry) and for
 * per-day or zero quotas (retrying today cannot help). The QuotaFailure detail's quotaId says
 * which: "...PerMinute..." vs "...PerDay...".
 */
function isDailyQuota(error: GoogleError): boolean {
  const violations = (error.details ?? [])
    .filter((d) => String(d['@type']).endsWith('QuotaFailure'))
    .flatMap((d) => (Array.isArray(d.violations) ? d.violations : []));
  if (violations.some((v: Record<string, unknown>) => /PerDay/i.test(String(v.quotaId ?? '')))) return true;
  return /per[ _-]?day|daily|limit: 0\b/i.test(error.message ?? '');
}

export function toProviderError(error: unknown, model?: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof ApiError) {
    const status = error.status;
    const body = googleError(error.message);
    const text = (body.message ?? `HTTP ${status}`).slice(0, 300);
    const reasons = (body.details ?? []).map((d) => String(d.reason ?? ''));
    if (reasons.includes('API_KEY_INVALID') || /api key not valid|api key expired/i.test(text) || status === 401 || status === 403) {
      return new ProviderError(SERVICE, 'auth', `Gemini API key rejected: ${text}`, status);
    }
    if (status === 429) {
      if (isDailyQuota(body)) return new ProviderError(SERVICE, 'quota_exhausted', `Gemini quota exhausted: ${text}`, status);
      return new ProviderError(SERVICE, 'rate_limited', `Gemini rate limit: ${text}`, status, retryDelaySeconds(body.details));
    }
    if (status >= 500) return new ProviderError(SERVICE, 'unavailable', `Gemini unavailable (${status}): ${text}`, status);
    if (status === 404) return new ProviderError(SERVICE, 'bad_request', `Gemini model ${model ?? ''} not found: ${text}`, status);
    return new ProviderError(SERVICE, 'bad_request', `Gemini refused the request: ${text}`, status);
  }
  const e = error as Error & { cause?: { code?: string } };
  const network = e?.name === 'AbortError' || e?.name === 'TimeoutError' || e instanceof TypeError || Boolean(e?.cause?.code);
  if (network) {
    const reason = e.name === 'AbortError' || e.name === 'TimeoutError' ? 'timed out' : `could not be reached (${e.message})`;
    return new ProviderError(SERVICE, 'unavailable', `Gemini ${reason}`);
  }
  return new ProviderError(SERVICE, 'bad_request', `Gemini call failed: ${e?.message ?? String(error)}`);
}

// ---- The adapter ----------------------------------------------------------------------

function client(apiKey: string, baseUrl: string | undefined, timeout: number): GoogleGenAI {
  return new GoogleGenAI({
    apiKey,
    // attempts: 1 = no SDK retries: our shared retry/breaker layer must see every failure.
    httpOptions: { ...(baseUrl && { baseUrl }), timeout, retryOptions: { attempts: 1 } },
  });
}

function summariseIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

export class GeminiAi implements AiProvider {
  readonly id = 'gemini' as const;
  readonly service = 'gemini' as const;
  readonly model: string;
  private readonly ai: GoogleGenAI;

  constructor(options: GeminiAiOptions) {
    this.model = options.model;
    this.ai = client(options.apiKey, options.baseUrl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  analyzeBusiness(input: BusinessInput): Promise<AiAnswer<BusinessProfile>> {
    return this.generate(BusinessProfile, PROFILE_SCHEMA, ANALYSIS_SYSTEM, analysisPrompt(input), 0.2);
  }

  async writeEmail(brief: EmailBrief): Promise<AiAnswer<WrittenEmail>> {
    const schema = brief.subject_styles?.length ? EMAIL_VARIANTS_SCHEMA : EMAIL_SCHEMA;
    const answer = await this.generate(WrittenEmail, schema, EMAIL_SYSTEM, emailPrompt(brief), 0.7);
    const body = answer.value.body.trimEnd();
    const signature = brief.signature.trim();
    // The signature is the sender's: it must be there verbatim whatever the model wrote.
    if (signature && !body.endsWith(signature)) answer.value.body = `${body}\n\n${brief.signature}`;
    return answer;
  }

  async writeFollowUp(brief: FollowUpBrief): Promise<AiAnswer<WrittenEmail>> {
    const answer = await this.generate(WrittenEmail, EMAIL_SCHEMA, FOLLOW_UP_SYSTEM, followUpPrompt(brief), 0.7);
    const body = answer.value.body.trimEnd();
    const signature = brief.signature.trim();
    if (signature && !body.endsWith(signature)) answer.value.body = `${body}\n\n${brief.signature}`;
    return answer;
  }

  classifyReply(input: ReplyToClassify): Promise<AiAnswer<ReplyClassification>> {
    return this.generate(ReplyClassification, CLASSIFICATION_SCHEMA, CLASSIFY_SYSTEM, classifyPrompt(input), 0);
  }

  async draftReply(brief: ReplyDraftBrief): Promise<AiAnswer<ReplyDraft>> {
    const answer = await this.generate(ReplyDraft, REPLY_DRAFT_SCHEMA, REPLY_DRAFT_SYSTEM, replyDraftPrompt(brief), 0.6);
    const body = answer.value.body.trimEnd();
    const signature = brief.signature.trim();
    if (signature && !body.endsWith(signature)) answer.value.body = `${body}\n\n${brief.signature}`;
    return answer;
  }

  private async generate<T>(schema: z.ZodType<T>, responseSchema: Schema, system: string, prompt: string, temperature: number): Promise<AiAnswer<T>> {
    let response;
    try {
      response = await this.ai.models.generateContent({
        model: this.model,
        contents: [{ role: 'user', parts: [{ text: prompt }] }],
        config: {
          systemInstruction: system,
          responseMimeType: 'application/json',
          responseSchema,
          temperature,
          automaticContinuation: false,
        },
      });
    } catch (error) {
      throw toProviderError(error, this.model);
    }
    const meta = response.usageMetadata;
    const usage = { tokensIn: meta?.promptTokenCount ?? 0, tokensOut: (meta?.candidatesTokenCount ?? 0) + (meta?.thoughtsTokenCount ?? 0) };
    const text = response.text;
    if (!text) {
      const reason = response.promptFeedback?.blockReason ?? response.candidates?.[0]?.finishReason ?? 'no text';
      throw new ProviderError(SERVICE, 'bad_response', `Gemini returned no answer (${reason})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const finish = response.candidates?.[0]?.finishReason;
      throw new ProviderError(SERVICE, 'bad_response', `Gemini answered invalid JSON${finish && finish !== 'STOP' ? ` (finish reason ${finish})` : ''}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(SERVICE, 'bad_response', `Gemini's answer does not match the schema: ${summariseIssues(parsed.error)}`);
    }
    return { value: parsed.data, usage, model: this.model };
  }
}

/** Checks a key (and the chosen model) with one models.get call. Never throws. */
export async function validateGeminiKey(baseUrl: string | undefined, key: string, model: string): Promise<KeyCheck> {
  if (!key.trim()) return { valid: false, message: 'Invalid Gemini API key' };
  try {
    await client(key, baseUrl, 15_000).models.get({ model });
    return { valid: true, message: `Gemini API key is valid (model ${model} available)` };
  } catch (error) {
    const failure = toProviderError(error, model);
    if (failure.kind === 'auth') return { valid: false, message: 'Invalid Gemini API key' };
    // Google checks the key before the quota: a 429 means the key itself was accepted.
    if (failure.kind === 'rate_limited') return { valid: true, message: 'Gemini API key is valid (rate limited right now)' };
    if (failure.kind === 'quota_exhausted') return { valid: true, message: "Gemini API key is valid, but today's quota is used up" };
    if (failure.status === 404) return { valid: false, message: `Gemini API key works, but model ${model} was not found` };
    return { valid: false, message: `Could not validate the Gemini API key: ${failure.message}` };
  }
}
