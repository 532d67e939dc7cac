// Contract fake of the Gemini API (Generative Language API v1beta) as @google/genai 2.x calls
// it: POST /v1beta/models/{model}:generateContent and GET /v1beta/models/{model}, the key in
// the x-goog-api-key header (or ?key=), answers and error bodies shaped like Google's.
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.ts';

/** Google's error envelope (google.rpc.Status as JSON). */
function googleError(code: number, status: string, message: string, details: unknown[] = []): FakeReply {
  return { status: code, body: { error: { code, message, status, ...(details.length && { details }) } } };
}

const QUOTA_MESSAGE =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.';

function quotaFailure(quotaId: string, metric: string): unknown {
  return {
    '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
    violations: [{ quotaMetric: `generativelanguage.googleapis.com/${metric}`, quotaId, quotaDimensions: { location: 'global', model: 'gemini-2.0-flash' } }],
  };
}

/** Replies for failNext/failAlways, as the real service sends them. */
export const geminiErrors = {
  invalidKey: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
  ]),
  permissionDenied: googleError(403, 'PERMISSION_DENIED', 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.'),
  /** Per-minute limit: retry after the RetryInfo delay. */
  rateLimited: googleError(429, 'RESOURCE_EXHAUSTED', QUOTA_MESSAGE, [
    quotaFailure('GenerateRequestsPerMinutePerProjectPerModel-FreeTier', 'generate_content_free_tier_requests'),
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' },
  ]),
  /** Per-day quota used up: nothing to retry until tomorrow. */
  dailyQuota: googleError(429, 'RESOURCE_EXHAUSTED', QUOTA_MESSAGE, [
    quotaFailure('GenerateRequestsPerDayPerProjectPerModel-FreeTier', 'generate_content_free_tier_requests'),
  ]),
  internal: googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'),
  unavailable: googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
  modelNotFound: googleError(404, 'NOT_FOUND', 'models/unknown-model is not found for API version v1beta, or is not supported for generateContent.'),
} satisfies Record<string, FakeReply>;

export const SAMPLE_PROFILE = {
  company_name: 'Sample Plumbing Co',
  business_category: 'Service-Based',
  business_summary: 'Sample Plumbing Co is a plumbing business in Austin. Its website has no SSL and is not mobile-friendly.',
  industry: 'Plumbing',
  industry_specific: 'Residential plumbing',
  services_offered: ['Drain cleaning', 'Water heater repair'],
  company_size: 'Unknown',
  revenue_range: 'Unknown',
  budget_estimate: 'Unknown',
  employee_count: null,
  founded_year: null,
  city: 'Austin',
  state_province: 'TX',
  country: 'United States',
  timezone: 'America/Chicago',
  traffic_estimate: 'Unknown',
  market_opportunity_score: 82,
  urgency_score: 75,
  website_quality_score: 30,
  lead_score: 70,
  sales_intelligence: {
    urgency_level: 'high',
    budget_level: 'Unknown',
    company_size: 'Unknown',
    revenue_range: 'Unknown',
    growth_stage: 'Unknown',
    market_position: 'Local service provider',
    strategic_initiatives: ['Secure the site with HTTPS'],
    pain_points: [
      {
        description: 'No SSL certificate',
        impact_level: 'critical',
        revenue_impact: 'Visitors leave when the browser says "Not secure"',
        competitive_disadvantage: 'Competitors look more trustworthy',
        urgency_indicators: ['Browser warning on every visit'],
      },
    ],
    urgency_triggers: ['No SSL certificate'],
    decision_makers: [],
    technical_capability: 'Low',
    decision_timeline: 'Unknown',
    current_tech_stack: ['WordPress'],
    integration_needs: ['Online booking'],
    value_proposition: 'A secure, mobile-friendly site that turns visits into calls.',
    urgency_messaging: 'Every visitor sees a security warning today.',
    next_steps: ['Send a short email'],
    objections_likely: ['Budget'],
  },
};

export const SAMPLE_EMAIL = {
  subject: 'A quick question about the Sample Plumbing website',
  body: 'Hi there,\n\nI noticed your site loads without a secure connection (https), so browsers show a "Not secure" warning before visitors read a word. Fixing it usually brings more calls from people who already find you.\n\nWould a short call next week be useful?\n\nBest regards,\nAlex',
  cited_findings: ['no_ssl'],
};

type Responder = (request: RecordedRequest) => unknown | Promise<unknown>;

export interface GeminiFakeOptions {
  apiKey: string;
  /** Builds the answer: an object is sent as JSON text, a string is sent as is (e.g. malformed JSON). */
  respond?: Responder;
}


/** A reply's class, as the classify request's schema asks for it. */
export const SAMPLE_CLASSIFICATION = { class: 'meeting_request', sentiment: 'positive', reason: 'They ask for a call on Thursday.' };
/** A proposed answer to a reply. */
export const SAMPLE_REPLY_DRAFT = { body: 'Hi Maria,\n\nThursday works well. I will call you at 10.\n\nBest regards,\nSam' };

/** The request is a reply classification (its schema has a "class"). */
export const wantsClassification = (request: RecordedRequest) => Boolean(schemaOf(request)?.properties?.class);
/** The request is a reply proposal (a "body" without a "subject"). */
export const wantsReplyDraft = (request: RecordedRequest) => Boolean(schemaOf(request)?.properties?.body && !schemaOf(request)?.properties?.subject);
const schemaOf = (request: RecordedRequest) => request.body?.generationConfig?.responseSchema ?? request.body?.generationConfig?.responseJsonSchema;

/** The kind of answer the request asks for, read from its response schema. */
export function wantsEmail(request: RecordedRequest): boolean {
  const schema = request.body?.generationConfig?.responseSchema ?? request.body?.generationConfig?.responseJsonSchema;
  return Boolean(schema?.properties?.subject);
}

/** Rough token count (4 characters a token), enough to check the adapter reads usageMetadata. */
const tokens = (text: string): number => Math.ceil(text.length / 4);

export class GeminiFake extends HttpFake {
  /** Replaceable per test; may return a promise (e.g. to answer slowly). */
  respond: Responder;
  /** When set, answers report this many thinking tokens (as the 2.5 models do). */
  thoughtsTokenCount?: number;
  /** The usageMetadata of the last successful generateContent answer. */
  lastUsage?: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number; thoughtsTokenCount?: number };

  private readonly apiKey: string;

  constructor(options: GeminiFakeOptions) {
    // The handler needs `this`, which does not exist before super(): route it through a box.
    const box: { fake?: GeminiFake } = {};
    super((request) => box.fake!.answer(request));
    box.fake = this;
    this.apiKey = options.apiKey;
    this.defaultRespond =
      options.respond ??
      ((request) => (wantsClassification(request) ? SAMPLE_CLASSIFICATION : wantsReplyDraft(request) ? SAMPLE_REPLY_DRAFT : wantsEmail(request) ? SAMPLE_EMAIL : SAMPLE_PROFILE));
    this.respond = this.defaultRespond;
  }

  private readonly defaultRespond: Responder;

  /** Also forgets per-test answers, so one test's setup never leaks into the next. */
  override reset(): void {
    super.reset();
    this.respond = this.defaultRespond;
    this.thoughtsTokenCount = undefined;
    this.lastUsage = undefined;
  }

  /** The generateContent requests received (what the adapter sent to the model). */
  get generateRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith(':generateContent'));
  }

  private async answer(request: RecordedRequest): Promise<FakeReply> {
    const key = request.headers['x-goog-api-key'] ?? request.query.get('key');
    if (key !== this.apiKey) return geminiErrors.invalidKey;
    const match = /^\/v1beta\/models\/([^/:]+)(?::(generateContent))?$/.exec(request.path);
    if (!match) return googleError(404, 'NOT_FOUND', `Method not found: ${request.path}`);
    const [, model, method] = match;
    // Any model whose name starts with "unknown" does not exist, for not-found tests.
    if (model.startsWith('unknown')) return geminiErrors.modelNotFound;
    if (request.method === 'GET' && !method) return { status: 200, body: modelInfo(model) };
    if (request.method !== 'POST' || !method) return googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    const produced = await this.respond(request);
    const text = typeof produced === 'string' ? produced : JSON.stringify(produced);
    const promptTokenCount = tokens(JSON.stringify(request.body ?? ''));
    const candidatesTokenCount = tokens(text);
    const thoughts = this.thoughtsTokenCount;
    this.lastUsage = {
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount + (thoughts ?? 0),
      ...(thoughts !== undefined && { thoughtsTokenCount: thoughts }),
    };
    return {
      status: 200,
      body: {
        candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: this.lastUsage,
        modelVersion: model,
        responseId: `fake-${this.requests.length}`,
      },
    };
  }
}

function modelInfo(model: string): unknown {
  return {
    name: `models/${model}`,
    version: '001',
    displayName: model,
    inputTokenLimit: 1048576,
    outputTokenLimit: 8192,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  };
}

export async function startGeminiFake(options: GeminiFakeOptions): Promise<GeminiFake> {
  return new GeminiFake(options).start();
}
