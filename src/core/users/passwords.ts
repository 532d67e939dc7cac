// Password hashing: argon2id with the library's defaults (m=64 MiB, t=3, p=4).
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false; // a malformed hash never matches
  }
}

// Spend the same time as a real check when the account does not exist,
// so response times do not reveal which usernames are taken.
let decoyHash: Promise<string> | undefined;
export async function burnVerify(plain: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, plain);
}

/** A readable random password for generated accounts (~120 bits). */
export const generatePassword = () => randomBytes(15).toString('base64url');
