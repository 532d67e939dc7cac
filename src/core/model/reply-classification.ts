// What the AI provider says about a reply (its class and sentiment) and the answer it may
// propose. Model output is untrusted: nothing is stored without passing these schemas.
import { z } from 'zod';
import { EMAIL_LOCALES } from './analysis.ts';
import { REPLY_CLASSES, SENTIMENTS } from './reply-classes.ts';

export const ReplyClassName = z.enum(REPLY_CLASSES);
export const SentimentName = z.enum(SENTIMENTS);

export const ReplyClassification = z.object({
  class: ReplyClassName.describe('What the reply says'),
  sentiment: SentimentName.describe("The sender's tone towards our offer"),
  reason: z.string().max(300).describe('One short sentence: the words in the reply that decide the class'),
});
export type ReplyClassification = z.infer<typeof ReplyClassification>;

/** A reply to classify: the new text (quoted history removed) and what it answers. */
export interface ReplyToClassify {
  subject: string;
  /** The reply's new text, without the quoted history. */
  text: string;
  /** The subject of our email it answers. */
  ourSubject: string;
}

export const ReplyDraft = z.object({
  body: z.string().min(1).max(4000),
});
export type ReplyDraft = z.infer<typeof ReplyDraft>;

/** What a reply proposal is written from. */
export interface ReplyDraftBrief {
  locale: (typeof EMAIL_LOCALES)[number];
  contact_name: string | null;
  company_name: string;
  /** Their reply's new text. */
  reply_text: string;
  reply_class: (typeof REPLY_CLASSES)[number] | null;
  /** Our email they answered. */
  our_subject: string;
  our_body: string;
  signature: string;
}

/** The marker the heuristic proposal leaves for the operator: an answer is refused while it is there. */
export const MEETING_LINK_PLACEHOLDER = '[MEETING LINK: paste your booking link here]';
