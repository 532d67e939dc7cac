// Replies, the one way in: reading the reply mailbox (service.ts, on the poller's clock),
// the pure rules for what a message is (match.ts), the Replies inbox (inbox.ts), what a
// reply's class does (effects.ts), answering from the inbox (answer.ts) and the rows the API
// and the CLI show (views.ts). Everything outside core/replies imports from here; sending's
// own pieces stay in core/emails, and core/emails never imports core/replies.
export { ImapSettings, ReplyService, accountKey } from './service.ts';
export type { ImapAccount } from '../model/reply-detection.ts';
export type { Inbox, InboxCursor, MailboxItem, PollResult, ReplyDeps } from './service.ts';
export type { RepliedEmail, ReplyRepo } from './repo.ts';
export { ReplyPoller } from './poller.ts';
export type { IncomingMessage } from './match.ts';
export { ReplyInbox } from './inbox.ts';
export type { InboxFilter, InboxItem, InboxPage, NewReply, ReplyInboxRepo, StoredReply, ThreadAnswer, ThreadEmail } from './inbox.ts';
export { ReplyEffects } from './effects.ts';
export type { ReplyOutcome } from './effects.ts';
export { ReplyAnswers } from './answer.ts';
export { replyItem, threadEntries } from './views.ts';
