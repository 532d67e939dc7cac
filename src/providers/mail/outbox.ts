// The offline default mailer: every message becomes an RFC 5322 .eml file in a directory
// (data/outbox). Nothing leaves the machine; the files open in any mail client.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailProvider, OutgoingEmail, SentReceipt } from '../../core/model/providers.ts';
import { ProviderError } from '../../core/model/providers.ts';
import { nodemailerMessage } from './smtp.ts';

export interface OutboxConfig {
  /** Where the .eml files go, e.g. `<data dir>/outbox`. */
  dir: string;
  /** Clock for the file-name timestamp and the Date header (tests pin it). */
  now?: () => Date;
}

/** File-name-safe form of a message id; a hash keeps two ids that sanitise alike apart. */
export function outboxFileStem(messageId: string): string {
  const safe = messageId.replace(/[^A-Za-z0-9._@-]/g, '_').slice(0, 100);
  if (safe === messageId) return safe;
  return `${safe}-${createHash('sha256').update(messageId).digest('hex').slice(0, 10)}`;
}

function stamp(date: Date): string {
  // 2025-03-04T10-11-12-345Z: sorts by time and is valid on every file system.
  return date.toISOString().replace(/[:.]/g, '-');
}

export class OutboxMailer implements MailProvider {
  readonly id = 'outbox' as const;
  // One .eml file per message id: writing it again is a no-op.
  readonly idempotent = true;
  private readonly now: () => Date;
  /** Sends of the same id in this process run one after the other, so the check-then-write holds. */
  private readonly inFlight = new Map<string, Promise<SentReceipt>>();

  constructor(private readonly config: OutboxConfig) {
    this.now = config.now ?? (() => new Date());
  }

  get dir(): string {
    return this.config.dir;
  }

  send(message: OutgoingEmail): Promise<SentReceipt> {
    const key = message.messageId;
    const previous = this.inFlight.get(key) ?? Promise.resolve(undefined);
    const next = previous.catch(() => undefined).then(() => this.write(message));
    this.inFlight.set(key, next);
    const cleanup = () => {
      if (this.inFlight.get(key) === next) this.inFlight.delete(key);
    };
    next.then(cleanup, cleanup);
    return next;
  }

  /** The file already written for this message id, if any. */
  async find(messageId: string): Promise<string | undefined> {
    const suffix = `-${outboxFileStem(messageId)}.eml`;
    const names = await readdir(this.config.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names.find((name) => name.endsWith(suffix));
  }

  private async write(message: OutgoingEmail): Promise<SentReceipt> {
    try {
      const existing = await this.find(message.messageId);
      if (existing) return { providerMessageId: `outbox:${existing}` };
      await mkdir(this.config.dir, { recursive: true });
      const date = this.now();
      const raw = await compose(message, date);
      const name = `${stamp(date)}-${outboxFileStem(message.messageId)}.eml`;
      // Write beside the target then rename: a crash leaves a stray .tmp, never a half .eml.
      const tmp = join(this.config.dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, raw, { flag: 'wx', mode: 0o600 });
        await rename(tmp, join(this.config.dir, name));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return { providerMessageId: `outbox:${name}` };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError('outbox', 'unavailable', `Could not write to the outbox ${this.config.dir}: ${(error as Error).message}`);
    }
  }
}

/** Builds the message exactly as an SMTP server would receive it. */
export function compose(message: OutgoingEmail, date = new Date()): Promise<Buffer> {
  const composer = new MailComposer({
    ...nodemailerMessage(message),
    date,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
