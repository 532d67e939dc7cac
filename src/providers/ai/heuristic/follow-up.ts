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
  const [found] = chooseFindings(brief.findings ?? []);
  // A finding the thread already said in these very words (a crawl finding that stands, with no
  // new value) would restate the first email: the follow-up is then a nudge.
  const said = found && sayFinding(book, found, ctx.slots);
  const fresh = said && !brief.earlier.some((e) => spell(ctx, e.body).includes(spell(ctx, said))) ? said : undefined;
  const greet = greeting(ctx);
  const salt = `follow-up-${brief.step}`;
  const paragraphs = [greet];
  if (fresh) paragraphs.push(afterGreeting(greet, pick(brief.remeasured ? book.followUp.again : book.followUp.addOne, seed, salt)), fresh);
  else paragraphs.push(afterGreeting(greet, pick(book.followUp.nudge, seed, salt)));
  paragraphs.push(brief.step >= brief.steps ? pick(book.followUp.last, seed, salt) : pick(book.followUp.cta, seed, salt));
  const first = brief.earlier[0]?.subject ?? brief.company_name;
  return {
    subject: replySubject(first),
    body: `${spell(ctx, paragraphs.join('\n\n'))}\n\n${brief.signature}`,
    cited_findings: fresh && found ? [found.id] : [],
  };
}
