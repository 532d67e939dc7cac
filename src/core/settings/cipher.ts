// AES-256-GCM for credentials at rest. The stored form names its version so the
// scheme can change later without guessing: v1:<iv>:<tag>:<ciphertext>, base64 parts.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretCipher {
  constructor(private readonly key: Uint8Array) {
    if (key.length !== 32) throw new Error('The settings encryption key must be 32 bytes');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unrecognised encrypted setting');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
