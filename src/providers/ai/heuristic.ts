// The offline AI provider: a deterministic, rule-based analyser and writer. No network, no
// model, no randomness, no clock: the same lead always gets the same profile and email, and
// the output is validated with the same zod schemas as Gemini's (a bug here fails loudly).
import type { z } from 'zod';
import { BusinessProfile, WrittenEmail, type BusinessInput, type EmailBrief, type FollowUpBrief } from '../../core/model/analysis.ts';
import { ProviderError, type AiAnswer, type AiProvider } from '../../core/model/providers.ts';
import { writeEmail } from './heuristic/email.ts';
import { writeFollowUp } from './heuristic/follow-up.ts';
import { analyse } from './heuristic/profile.ts';
import { classifyReply } from './heuristic/reply-class.ts';
import { draftReply } from './heuristic/reply-draft.ts';
import { ReplyClassification, ReplyDraft, type ReplyDraftBrief, type ReplyToClassify } from '../../core/model/reply-classification.ts';

const NO_TOKENS = { tokensIn: 0, tokensOut: 0 };

/** Same contract as every adapter: failures are ProviderErrors (a rule bug is not worth retrying). */
function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new ProviderError('heuristic', 'bad_response', `Heuristic output failed validation: ${problems}`);
}

export class HeuristicAi implements AiProvider {
  readonly id = 'heuristic' as const;
  readonly service = undefined;
  readonly model = 'heuristic-v1';

  async analyzeBusiness(input: BusinessInput): Promise<AiAnswer<BusinessProfile>> {
    return { value: validated(BusinessProfile, analyse(input)), usage: { ...NO_TOKENS }, model: this.model };
  }

  async writeEmail(input: EmailBrief): Promise<AiAnswer<WrittenEmail>> {
    return { value: validated(WrittenEmail, writeEmail(input)), usage: { ...NO_TOKENS }, model: this.model };
  }

  async writeFollowUp(input: FollowUpBrief): Promise<AiAnswer<WrittenEmail>> {
    return { value: validated(WrittenEmail, writeFollowUp(input)), usage: { ...NO_TOKENS }, model: this.model };
  }

  async classifyReply(input: ReplyToClassify): Promise<AiAnswer<ReplyClassification>> {
    return { value: validated(ReplyClassification, classifyReply(input)), usage: { ...NO_TOKENS }, model: this.model };
  }

  async draftReply(input: ReplyDraftBrief): Promise<AiAnswer<ReplyDraft>> {
    return { value: validated(ReplyDraft, draftReply(input)), usage: { ...NO_TOKENS }, model: this.model };
  }
}
