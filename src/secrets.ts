// The installation's master secret: OUTREACH_SECRET_KEY, or a random key generated once
// into <data dir>/secret.key (mode 0600). Purpose-specific keys are derived from it, so
// the session-signing key and the credential-encryption key are never the same bytes.
import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type KeyPurpose = 'session-tokens' | 'settings-encryption' | 'oauth-state' | 'email-tracking';

export class Secrets {
  private constructor(private readonly master: Buffer) {}

  static load(dataDir: string, fromEnv?: string): Secrets {
    if (fromEnv) {
      if (fromEnv.length < 32) throw new Error('OUTREACH_SECRET_KEY must be at least 32 characters');
      return new Secrets(Buffer.from(fromEnv, 'utf8'));
    }
    const file = join(dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      // 'wx' fails if another process created it first; then we read theirs.
      try {
        writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    chmodSync(file, 0o600);
    return new Secrets(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  key(purpose: KeyPurpose): Uint8Array {
    return new Uint8Array(hkdfSync('sha256', this.master, 'outreach', purpose, 32));
  }
}
