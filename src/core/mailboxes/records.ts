// A sending mailbox as it is stored, and who an email goes from: the shapes the mailboxes'
// service, its repository (src/db/repos/mailboxes.ts) and the sender share.
import type { MailboxProvider } from '../model/mailboxes.ts';
import type { EmailSettings } from '../settings/email-config.ts';

export const PRIMARY_MAILBOX = 1;

export interface MailboxRecord {
  id: number;
  label: string;
  provider: 'settings' | MailboxProvider;
  /** Encrypted. */
  credential: string | null;
  fromEmail: string | null;
  fromName: string | null;
  signature: string | null;
  dailyCap: number | null;
  minSpacingSeconds: number;
  ramp: boolean;
  rampStartedAt: Date;
  pausedAt: Date | null;
  pausedReason: string | null;
  testedAt: Date | null;
  testOk: boolean | null;
  testResult: string | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  removedAt: Date | null;
  createdAt: Date;
}

export type MailboxFields = Omit<MailboxRecord, 'id' | 'createdAt'>;

export interface MailboxUsage {
  /** Sent in the rolling 24 hours. */
  sent: number;
  lastSentAt: Date | null;
  /** Written for it and not sent yet (queued, sending, and drafts of the last 24 hours). */
  pending: number;
}

export interface MailboxRepo {
  list(): Promise<MailboxRecord[]>;
  get(id: number): Promise<MailboxRecord | undefined>;
  insert(fields: MailboxFields): Promise<number>;
  update(id: number, fields: Partial<MailboxFields>): Promise<void>;
  usage(id: number, since: Date): Promise<MailboxUsage>;
  /** Emails waiting to go from the mailbox (draft, queued, sending). */
  unsent(id: number): Promise<number>;
  campaignMailboxes(campaignId: number): Promise<number[]>;
  setCampaignMailboxes(campaignId: number, ids: number[]): Promise<void>;
}

/** Who an email goes from: the mailbox and the settings its mailer and signature are made from. */
export interface MailboxIdentity {
  id: number;
  label: string;
  settings: EmailSettings;
}

/** At send time: the mailbox may send now, must wait (paused, full, spaced), or is gone. */
export type SendVerdict = { go: MailboxIdentity } | { wait: string } | { gone: string };
