// What replies read and write about our own emails: the email a message answers, its status
// (compare and set), the interactions and the lead's stopped sequence. The reply service,
// the inbox, the effects and the answers share this port.
import type { EmailStatus } from '../emails/status.ts';

export interface RepliedEmail {
  id: number;
  leadId: number;
  campaignId: number | null;
  recipientEmail: string;
  subject: string;
  status: EmailStatus;
}

export interface ReplyRepo {
  find(id: number): Promise<RepliedEmail | undefined>;
  /** The latest email sent to this address (an unsubscribe mail names none of ours). */
  lastSentTo(address: string): Promise<RepliedEmail | undefined>;
  /** True when an interaction already records this incoming message. */
  seen(messageKey: string): Promise<boolean>;
  /** Compare and set: moves the status only if it is still `from`; sets replied_at when unset. */
  markReplied(id: number, from: EmailStatus, to: EmailStatus, at: Date): Promise<boolean>;
  /** Compare and set: moves the status only if it is still `from`. */
  moveStatus(id: number, from: EmailStatus, to: EmailStatus): Promise<boolean>;
  addInteraction(i: { leadId: number; emailId: number; type: string; description: string; metadata: Record<string, unknown> }): Promise<void>;
  /** Records on the lead why its follow-ups stop (kept if one is already recorded). */
  stopSequence(leadId: number, reason: string): Promise<void>;
}
