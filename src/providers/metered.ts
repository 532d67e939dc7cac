// Wraps an adapter so that every call to a paid service goes through the shared
// gateway (quota, breaker, rate limit, retries, usage record). Offline search and AI
// adapters (no `service`) are returned as they are.
import type { BusinessInput, EmailBrief, FollowUpBrief } from '../core/model/analysis.ts';
import type { ReplyDraftBrief, ReplyToClassify } from '../core/model/reply-classification.ts';
import type { AiProvider, CallContext, MailProvider, OutgoingEmail, SearchProvider, SearchRequest } from '../core/model/providers.ts';
import type { ServiceGateway } from '../core/resilience/gateway.ts';

/** A prompt's size in tokens, roughly (4 characters a token), plus room for the answer. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 2048;

export function meteredSearch(inner: SearchProvider, gateway: ServiceGateway): SearchProvider {
  const service = inner.service;
  if (!service) return inner;
  return {
    id: inner.id,
    service,
    search: (request: SearchRequest, context?: CallContext) =>
      gateway.call(service, 'search', () => inner.search(request, context), { campaignId: context?.campaignId }),
  };
}

export function meteredAi(inner: AiProvider, gateway: ServiceGateway): AiProvider {
  const service = inner.service;
  if (!service) return inner;
  const usage = (answer: { usage: { tokensIn: number; tokensOut: number } }) => ({ count: 1, ...answer.usage });
  return {
    id: inner.id,
    service,
    model: inner.model,
    analyzeBusiness: (input: BusinessInput, context?: CallContext) =>
      gateway.call(service, 'analyze', () => inner.analyzeBusiness(input, context), {
        campaignId: context?.campaignId,
        estimatedTokens: estimateTokens(input.pageText),
        usage,
      }),
    writeEmail: (input: EmailBrief, context?: CallContext) =>
      gateway.call(service, 'write_email', () => inner.writeEmail(input, context), {
        campaignId: context?.campaignId,
        estimatedTokens: estimateTokens(input.business_summary + input.findings.join(' ')),
        usage,
      }),
    writeFollowUp: (input: FollowUpBrief, context?: CallContext) =>
      gateway.call(service, 'write_follow_up', () => inner.writeFollowUp(input, context), {
        campaignId: context?.campaignId,
        estimatedTokens: estimateTokens(input.business_summary + input.earlier.map((e) => e.body).join(' ')),
        usage,
      }),
    classifyReply: (input: ReplyToClassify, context?: CallContext) =>
      gateway.call(service, 'classify_reply', () => inner.classifyReply(input, context), {
        campaignId: context?.campaignId,
        estimatedTokens: estimateTokens(input.subject + input.text),
        usage,
      }),
    draftReply: (input: ReplyDraftBrief, context?: CallContext) =>
      gateway.call(service, 'draft_reply', () => inner.draftReply(input, context), {
        campaignId: context?.campaignId,
        estimatedTokens: estimateTokens(input.reply_text + input.our_body),
        usage,
      }),
  };
}

/** Every mailer counts against the email quota, the offline outbox too, so practice runs show real figures. */
export function meteredMailer(inner: MailProvider, gateway: ServiceGateway): MailProvider {
  const service = inner.service ?? 'email';
  return {
    id: inner.id,
    service,
    idempotent: inner.idempotent,
    send: (message: OutgoingEmail, context?: CallContext) =>
      gateway.call(service, 'send', () => inner.send(message, context), { campaignId: context?.campaignId }),
  };
}
