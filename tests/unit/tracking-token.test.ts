import { describe, expect, it } from 'vitest';
import { TrackingTokens, type TokenPurpose } from '../../src/core/emails/tracking-token.ts';

const key = new Uint8Array(32).fill(7);
const tokens = new TrackingTokens(key);
const PURPOSES: TokenPurpose[] = ['open', 'click', 'unsubscribe'];

/** Replaces the character at `i` with another character of the same alphabet. */
const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

describe('tracking tokens', () => {
  it.each(PURPOSES)('round-trips an email id for %s', (purpose) => {
    for (const id of [1, 42, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      const token = tokens.token(purpose, id);
      expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/); // URL-safe as is
      expect(tokens.verify(purpose, token)).toBe(id);
    }
  });

  it('gives each purpose its own token: one purpose never verifies as another', () => {
    for (const made of PURPOSES) {
      const token = tokens.token(made, 42);
      for (const used of PURPOSES) expect(tokens.verify(used, token)).toBe(made === used ? 42 : undefined);
    }
  });

  it('rejects a token whose signature or id was changed', () => {
    const token = tokens.token('click', 42);
    const [id, sig] = token.split('.');
    for (const i of [0, 10, 21]) expect(tokens.verify('click', `${id}.${flip(sig, i)}`)).toBeUndefined();
    // Someone else's email id with our signature: enumeration does not work.
    expect(tokens.verify('click', `${(43).toString(36)}.${sig}`)).toBeUndefined();
    expect(tokens.verify('click', `${(41).toString(36)}.${sig}`)).toBeUndefined();
  });

  it('does not accept tokens made with another key', () => {
    const other = new TrackingTokens(new Uint8Array(32).fill(8));
    for (const purpose of PURPOSES) {
      expect(other.verify(purpose, tokens.token(purpose, 42))).toBeUndefined();
      expect(tokens.verify(purpose, other.token(purpose, 42))).toBeUndefined();
    }
  });

  it('returns undefined (never throws) on malformed input', () => {
    const good = tokens.token('open', 42);
    const [id, sig] = good.split('.');
    const malformed = [
      '',
      '.',
      id,
      `${id}.`,
      `.${sig}`,
      `${id}.${sig}x`, // signature too long
      `${id}.${sig.slice(1)}`, // too short
      `${'1'.repeat(12)}.${sig}`, // id too long
      `${good}.${sig}`, // extra dot
      `${id}..${sig}`,
      `x.${id}.${sig}`,
      `${id.toUpperCase()}Z.${sig}`, // uppercase id
      `0.${sig}`, // id 0
      `-1.${sig}`,
      `${id}.${sig.slice(0, 21)}=`, // padding is not base64url
      `${id}.${sig.slice(0, 21)}+`,
      ` ${good}`,
      `${good}\n`,
      'a'.repeat(10_000),
    ];
    for (const input of malformed) {
      expect(() => tokens.verify('open', input)).not.toThrow();
      expect(tokens.verify('open', input), JSON.stringify(input)).toBeUndefined();
    }
  });

  it('rejects an uppercase id even when it names the same email', () => {
    const token = tokens.token('open', 10); // id "a"
    expect(token.startsWith('a.')).toBe(true);
    expect(tokens.verify('open', `A${token.slice(1)}`)).toBeUndefined();
  });
});

describe('Message-ID', () => {
  it('is the same on every attempt and carries the sender domain', () => {
    const a = tokens.messageId(42, 'Sales@Agency.example');
    expect(a).toBe(tokens.messageId(42, 'Sales@Agency.example'));
    expect(a).toMatch(/^<outreach\.42\.[A-Za-z0-9_-]{12}@Agency\.example>$/);
    expect(tokens.messageId(43, 'sales@agency.example')).not.toBe(tokens.messageId(42, 'sales@agency.example'));
    // A different key gives a different (unforgeable) Message-ID for the same email.
    expect(new TrackingTokens(new Uint8Array(32).fill(8)).messageId(42, 'sales@agency.example')).not.toBe(tokens.messageId(42, 'sales@agency.example'));
  });

  it('falls back to a safe domain when the from address has none', () => {
    expect(tokens.messageId(5, '')).toMatch(/@outreach\.invalid>$/);
  });

  it('maps its own Message-ID back to the email, with or without angle brackets', () => {
    const id = tokens.messageId(42, 'sales@agency.example');
    expect(tokens.emailIdFromMessageId(id)).toBe(42);
    expect(tokens.emailIdFromMessageId(id.slice(1, -1))).toBe(42);
    expect(tokens.emailIdFromMessageId(`  ${id}\r\n`)).toBe(42); // as found in a header
  });

  it('rejects forged signatures, other keys and foreign Message-IDs', () => {
    const id = tokens.messageId(42, 'sales@agency.example');
    const sig = /\.([A-Za-z0-9_-]{12})@/.exec(id)![1];
    expect(tokens.emailIdFromMessageId(id.replace(sig, flip(sig, 0)))).toBeUndefined();
    expect(tokens.emailIdFromMessageId(id.replace('.42.', '.43.'))).toBeUndefined(); // someone else's email, our signature
    expect(tokens.emailIdFromMessageId(new TrackingTokens(new Uint8Array(32).fill(8)).messageId(42, 'sales@agency.example'))).toBeUndefined();
    for (const foreign of [
      '<CAH+abc123@mail.gmail.com>',
      '<outreach.42@agency.example>',
      '<outreach.42.short@agency.example>',
      `<outreach.42.${sig}>`,
      '',
      '<>',
    ]) {
      expect(tokens.emailIdFromMessageId(foreign), foreign).toBeUndefined();
    }
  });
});
