// The one-line notice `drafts list` and `emails send` print (on standard error) while the
// sender's identity is incomplete: real providers refuse to send until it is set.
import type { Context } from '../app.ts';
import { printNotice } from './output/print.ts';

export const SENDER_COMMAND_HINT = 'outreach settings email --from "Your Name <you@agency.example>" --postal-address "Street, City, Postcode"';

export async function noticeIfSenderIncomplete(ctx: Context): Promise<void> {
  const identity = await ctx.settings.senderIdentity();
  if (identity.ready) return;
  printNotice(`Notice: emails can't be sent yet (missing: ${identity.missing.join(', ')}). Set them with: ${SENDER_COMMAND_HINT}`);
}
