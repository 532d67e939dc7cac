// How a follow-up joins the thread: the first email's subject with "Re: ", and the headers
// that make mail clients file it under the step before (RFC 5322 In-Reply-To / References).

/** "Re: <first subject>", once (a subject that already starts with Re: keeps it). */
export const replySubject = (first: string): string => (/^re:/i.test(first.trim()) ? first.trim() : `Re: ${first.trim()}`);

/** `<id>` once, whatever form the stored Message-ID has. */
const bracketed = (id: string) => `<${id.trim().replace(/^<|>$/g, '')}>`;

/**
 * The threading headers of a follow-up to `previous`: In-Reply-To is the step before's
 * Message-ID; References is its own References followed by that id (oldest first).
 */
export function threadHeaders(previous: { messageId: string; references: string | null }): { inReplyTo: string; references: string } {
  const parent = bracketed(previous.messageId);
  const chain = (previous.references ?? '').split(/\s+/).filter(Boolean).map(bracketed);
  return { inReplyTo: parent, references: [...chain.filter((id) => id !== parent), parent].join(' ') };
}
