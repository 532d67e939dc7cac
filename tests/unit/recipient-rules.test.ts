import { describe, expect, it } from 'vitest';
import { addressFinding, parseAddress } from '../../src/core/verification/address-rules.ts';
import { isDisposableDomain } from '../../src/core/verification/disposable.ts';

const none = () => false;
const verdict = (address: string, disposable: (d: string) => boolean = none) => addressFinding(address, disposable);

describe('recipient address rules', () => {
  it('parses and lower-cases a plain address, and names what is wrong with a broken one', () => {
    expect(parseAddress(' Info@Rossi-Bakery.COM ')).toEqual({ local: 'info', domain: 'rossi-bakery.com' });
    expect(verdict('info@rossi-bakery.com')).toBeNull();
    expect(verdict('rossi-bakery.com')).toEqual({ verdict: 'invalid', reason: 'not an email address (needs name@domain)' });
    expect(verdict('your@email')).toMatchObject({ verdict: 'invalid', reason: '"email" is not a valid domain' });
    expect(verdict('email@domain')).toMatchObject({ verdict: 'invalid' });
    expect(verdict('a..b@shop.com')).toMatchObject({ verdict: 'invalid', reason: '"a..b" is not a valid name before @' });
    expect(verdict('ann@-shop.com')).toMatchObject({ verdict: 'invalid' });
    expect(verdict('ann@shop.c0m')).toMatchObject({ verdict: 'invalid' });
    expect(verdict(`${'a'.repeat(65)}@shop.com`)).toMatchObject({ verdict: 'invalid', reason: expect.stringContaining('64') });
  });

  it('refuses file names a crawler mistook for addresses', () => {
    expect(verdict('logo@2x.png')).toMatchObject({ verdict: 'invalid', reason: expect.stringContaining('image or file name') });
    expect(verdict('hero-banner@3x.webp')).toMatchObject({ verdict: 'invalid' });
  });

  it('refuses placeholder domains and flags placeholder names on real ones', () => {
    for (const address of ['info@example.com', 'user@example.org', 'name@yourdomain.com', 'you@yourcompany.com', 'abc123@o123.ingest.sentry.io', 'x@shop.invalid']) {
      expect(verdict(address), address).toMatchObject({ verdict: 'invalid', reason: expect.stringContaining('placeholder domain') });
    }
    expect(verdict('test@rossi-bakery.com')).toMatchObject({ verdict: 'risky', reason: 'test@ looks like placeholder text, not a real mailbox' });
    expect(verdict('youremail@rossi-bakery.com')).toMatchObject({ verdict: 'risky' });
    expect(verdict('user@rossi-bakery.com')).toMatchObject({ verdict: 'risky' });
  });

  it('passes the role addresses small businesses use, refuses unread ones, flags mail administrators', () => {
    for (const local of ['info', 'contact', 'hello', 'office', 'sales', 'kontakt']) expect(verdict(`${local}@rossi-bakery.com`), local).toBeNull();
    for (const local of ['noreply', 'no-reply', 'donotreply', 'mailer-daemon']) {
      expect(verdict(`${local}@rossi-bakery.com`), local).toMatchObject({ verdict: 'invalid', reason: `${local}@ is an address nobody reads` });
    }
    for (const local of ['postmaster', 'abuse']) {
      expect(verdict(`${local}@rossi-bakery.com`), local).toMatchObject({ verdict: 'risky', reason: expect.stringContaining("mail administrator's address") });
    }
  });

  it('flags disposable domains from the bundled list, subdomains included, and leaves real providers alone', async () => {
    expect(await isDisposableDomain('mailinator.com')).toBe(true);
    expect(await isDisposableDomain('x.mailinator.com')).toBe(true);
    for (const domain of ['gmail.com', 'outlook.com', 'gmx.de', 'rossi-bakery.com']) expect(await isDisposableDomain(domain), domain).toBe(false);
    expect(verdict('ann@mailinator.com', (d) => d === 'mailinator.com')).toEqual({ verdict: 'risky', reason: 'disposable (throwaway) email domain mailinator.com' });
  });
});
