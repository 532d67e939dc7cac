// The Replies inbox as the API, the CLI and the dashboard see it.
import { z } from 'zod';
import { REPLY_CLASSES, REPLY_PAGE_SIZE, SENTIMENTS } from './reply-classes.ts';
import { wholeNumber } from './validate.ts';

export { REPLY_PAGE_SIZE };
const CLASS_ERROR = `class must be one of ${REPLY_CLASSES.join(', ')}`;
const SENTIMENT_ERROR = `sentiment must be one of ${SENTIMENTS.join(', ')}`;

export const ReplyQuery = z.object({
  limit: wholeNumber('limit', { min: 1, max: REPLY_PAGE_SIZE.max }).default(REPLY_PAGE_SIZE.default),
  cursor: z
    .string()
    .max(40, 'cursor is not one this list returned')
    .regex(/^\d{1,15}_\d{1,12}$/, 'cursor is not one this list returned')
    .optional()
    .meta({ description: 'next_cursor of the previous page' }),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  class: z.enum(REPLY_CLASSES, { error: CLASS_ERROR }).optional(),
});

export const ReplyItem = z
  .object({
    id: z.number(),
    email_id: z.number(),
    lead_id: z.number(),
    campaign_id: z.number().nullable(),
    campaign_name: z.string().nullable(),
    business: z.string().nullable(),
    from_address: z.string(),
    from_name: z.string().nullable(),
    subject: z.string().nullable(),
    text: z.string().meta({ description: 'The whole plain text, quoted history included' }),
    new_text: z.string().meta({ description: 'The new text only: the quoted history folded away' }),
    email_subject: z.string().meta({ description: 'Our email it answers' }),
    received_at: z.string(),
    read_at: z.string().nullable(),
    class: z.enum(REPLY_CLASSES).nullable(),
    sentiment: z.enum(SENTIMENTS).nullable(),
    class_source: z.enum(['ai', 'operator']).nullable(),
    classify_error: z.string().nullable().meta({ description: 'Why the AI left it unclassified' }),
  })
  .meta({ id: 'ReplyItem' });
export type ReplyItem = z.infer<typeof ReplyItem>;

export const ReplyPage = z
  .object({ items: z.array(ReplyItem), next_cursor: z.string().nullable() })
  .meta({ id: 'ReplyPage' });
export type ReplyPage = z.infer<typeof ReplyPage>;

const ThreadEntry = z
  .object({
    kind: z.enum(['ours', 'theirs', 'answer']),
    id: z.number().nullable(),
    at: z.string().nullable(),
    subject: z.string().nullable(),
    text: z.string(),
    step: z.number().nullable(),
  })
  .meta({ id: 'ReplyThreadEntry' });

export const ReplyDetail = z
  .object({
    reply: ReplyItem,
    thread: z.array(ThreadEntry).meta({ description: 'Our emails, their replies and our answers, oldest first' }),
    signature: z.string().meta({ description: "The sender's signature, for the answer editor" }),
  })
  .meta({ id: 'ReplyDetail' });
export type ReplyDetail = z.infer<typeof ReplyDetail>;

export const ReplyCorrection = z
  .object({
    class: z.enum(REPLY_CLASSES, { error: CLASS_ERROR }).optional(),
    sentiment: z.enum(SENTIMENTS, { error: SENTIMENT_ERROR }).optional(),
  })
  .strict()
  .refine((v) => v.class !== undefined || v.sentiment !== undefined, 'Give class and/or sentiment')
  .meta({ id: 'ReplyCorrection' });

export const ReplyAnswerInput = z
  .object({ body: z.string({ error: 'body must be text' }).min(1, 'body is empty: write your answer').max(20_000, 'body must be at most 20000 characters') })
  .strict()
  .meta({ id: 'ReplyAnswerInput' });

export const ReplyAnswerResult = z
  .object({ message_id: z.string(), subject: z.string(), to: z.string(), sent_at: z.string() })
  .meta({ id: 'ReplyAnswerResult' });

export const ReplyDraftResult = z
  .object({ body: z.string(), model: z.string(), needs_meeting_link: z.boolean().meta({ description: 'The text holds the meeting-link marker: replace it before sending' }) })
  .meta({ id: 'ReplyDraftResult' });

export const UnreadCount = z.object({ unread: z.number() }).meta({ id: 'ReplyUnreadCount' });
