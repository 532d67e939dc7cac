// The offline follow-up writer: a short reply in the thread, in the lead's language. It states
// at most one finding, chosen from those the earlier steps did not use (the brief carries only
// those), said with the same phrasebook sentence as a first email; with nothing new to say it
// is a gentle nudge. The last step closes the loop instead of asking again. It never restates
// the first email: the thread below it already says that.
import type { FollowUpBrief, WrittenEmail } from '../../../core/model/analysis.ts';
import { afterGreeting, chooseFindings, context, greeting, sayFinding, spell } from './email.ts';
import { replySubject } from '../../../core/drafts/thread.ts';
import { pick } from './text.ts';

export function writeFollowUp(brief: FollowUpBrief): WrittenEmail {
  const ctx = context(brief);
  const { book, seed } = ctx;
  const [point] = chooseFindings(brief.findings ?? []);
  const greet = greeting(ctx);
  const salt = `follow-up-${brief.step}`;
  const paragraphs = [greet];
  if (point) paragraphs.push(afterGreeting(greet, pick(brief.remeasured ? book.followUp.again : book.followUp.addOne, seed, salt)), sayFinding(book, point, ctx.slots));
  else paragraphs.push(afterGreeting(greet, pick(book.followUp.nudge, seed, salt)));
  paragraphs.push(brief.step >= brief.steps ? pick(book.followUp.last, seed, salt) : pick(book.followUp.cta, seed, salt));
  const first = brief.earlier[0]?.subject ?? brief.company_name;
  return {
    subject: replySubject(first),
    body: `${spell(ctx, paragraphs.join('\n\n'))}\n\n${brief.signature}`,
    cited_findings: point ? [point.id] : [],
  };
}
