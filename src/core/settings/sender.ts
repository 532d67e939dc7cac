// The rules of a sender save (Settings → Sender, `settings sender`, the API): what a save must
// hold to be taken, said in the Sender form's words. A saved name or postal address is never
// cleared by an empty field, and a postal address must look like one.
import { invalid } from '../errors.ts';
import { SENDER_LABELS } from '../model/labels.ts';
export { SENDER_LIMITS as SENDER_MAX } from '../model/labels.ts';
import type { EmailConfigInput } from '../model/settings.ts';

/** The shortest postal address taken: a street, a town and a postcode do not fit in less. */
export const POSTAL_ADDRESS_MIN = 10;

const SENDER_FIELDS = ['from_name', 'from_email', 'email_signature', 'postal_address'] as const;
const L = SENDER_LABELS;

/**
 * Why a sender save is refused, or null: an empty save (nothing but blanks), an empty name or
 * postal address (clearing one stops every real send: a blank field never does it), and a
 * postal address too short to be one. The Sender form asks the same before it sends.
 */
export function senderInputProblem(input: EmailConfigInput): string | null {
  const sent = SENDER_FIELDS.filter((f) => input[f] !== undefined);
  if (sent.length === 0) return null;
  const otherFields = Object.keys(input).some((k) => !(SENDER_FIELDS as readonly string[]).includes(k));
  const blank = (f: (typeof SENDER_FIELDS)[number]) => !input[f]?.trim();
  if (!otherFields && sent.every(blank)) return `Nothing to save: the sender is empty. Enter the ${L.from_name}, ${L.from_email} and ${L.postal_address}`;
  for (const f of ['from_name', 'from_email', 'postal_address'] as const) {
    if (input[f] !== undefined && blank(f)) return `${L[f]} is empty: enter it (a saved ${L[f]} is not cleared by an empty field)`;
  }
  const postal = input.postal_address?.trim();
  if (postal !== undefined && postal.length < POSTAL_ADDRESS_MIN) {
    return `${L.postal_address} is too short to be a postal address: at least ${POSTAL_ADDRESS_MIN} characters, with street, town and postcode`;
  }
  return null;
}

export function checkSenderInput(input: EmailConfigInput): void {
  const problem = senderInputProblem(input);
  if (problem) throw invalid(problem);
}

/** "sender name, address and postal address" rather than "sender name, sender address and ...". */
export function senderPartsText(missing: readonly string[]): string {
  const parts = missing.map((part) => (part === 'sender address' && missing.includes('sender name') ? 'address' : part));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}

/** Where the sender is set, as the dashboard names it (the banner links there). */
export const SENDER_PLACE = 'Settings → Sender';
