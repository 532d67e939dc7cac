// The words of issue 14 shared by the replies inbox, the deal board and Analytics, without
// zod (the dashboard bundle imports them too).

/** What a reply says, as the classifier (or an operator's correction) reads it. */
export const REPLY_CLASSES = ['interested', 'meeting_request', 'question', 'not_interested', 'unsubscribe', 'out_of_office', 'wrong_person', 'bounce'] as const;
export type ReplyClass = (typeof REPLY_CLASSES)[number];

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** Who set the class: the AI provider (heuristic or Gemini), or an operator's correction (kept). */
export const CLASS_SOURCES = ['ai', 'operator'] as const;
export type ClassSource = (typeof CLASS_SOURCES)[number];

/** A lead's deal after a reply; won is the lead's CONVERTED. Null: no deal yet. */
export const DEAL_STAGES = ['interested', 'meeting_booked', 'proposal_sent', 'won', 'lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** The Replies inbox's page size (the API's `limit`, the CLI's --limit). */
export const REPLY_PAGE_SIZE = { default: 25, max: 100 } as const;
