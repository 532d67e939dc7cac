// Session tokens: standard HS256 JWTs. Tokens signed before this implementation (by the jose
// library, fixtures below) still verify, and anything altered, unsigned or expired does not.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../../src/core/users/tokens.ts';

const key = new Uint8Array(32).fill(7);
const at = (iso: string) => () => new Date(iso);
// Signed by jose 6 with `key`: { ver: 3, iss: 'outreach', sub: '42' }, one valid until 2100, one that expired in 2023.
const JOSE_VALID = 'eyJhbGciOiJIUzI1NiJ9.eyJ2ZXIiOjMsImlzcyI6Im91dHJlYWNoIiwic3ViIjoiNDIiLCJpYXQiOjE3OTUwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.KH5M1x94Xzjz5AOyLzuJJatkYvRHDGiIvN4806DL-Lk';
const JOSE_EXPIRED = 'eyJhbGciOiJIUzI1NiJ9.eyJ2ZXIiOjMsImlzcyI6Im91dHJlYWNoIiwic3ViIjoiNDIiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6MTcwMDAwMzYwMH0.4orEulOPdELHbCHCMBLg38GRBZfnWQcQnIuOgcwbSBU';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const signedWith = (k: Uint8Array, header: unknown, payload: unknown) => {
  const signed = `${b64(header)}.${b64(payload)}`;
  return `${signed}.${createHmac('sha256', k).update(signed).digest('base64url')}`;
};

describe('TokenSigner', () => {
  const signer = new TokenSigner(key, 12, at('2026-11-23T10:00:00Z'));

  it('reads its own tokens and tokens signed earlier by jose', async () => {
    const { token, expiresAt } = await signer.issue({ userId: 7, version: 2 });
    expect(expiresAt.toISOString()).toBe('2026-11-23T22:00:00.000Z');
    expect(await signer.read(token)).toEqual({ userId: 7, version: 2 });
    expect(token.split('.')[0]).toBe(JOSE_VALID.split('.')[0]);
    expect(await signer.read(JOSE_VALID)).toEqual({ userId: 42, version: 3 });
  });

  it('refuses expired, tampered, unsigned, foreign and malformed tokens', async () => {
    const { token } = await signer.issue({ userId: 7, version: 2 });
    expect(await new TokenSigner(key, 12, at('2026-11-23T22:00:00Z')).read(token)).toBeUndefined();
    expect(await signer.read(JOSE_EXPIRED)).toBeUndefined();
    const [h, p, s] = token.split('.');
    expect(await signer.read(`${h}.${b64({ ver: 2, iss: 'outreach', sub: '1', exp: 4102444800 })}.${s}`)).toBeUndefined();
    expect(await signer.read(`${b64({ alg: 'none' })}.${p}.`)).toBeUndefined();
    expect(await signer.read(signedWith(key, { alg: 'none' }, { ver: 2, iss: 'outreach', sub: '7', exp: 4102444800 }))).toBeUndefined();
    expect(await signer.read(signedWith(key, { alg: 'HS256', crit: ['b64'] }, { ver: 2, iss: 'outreach', sub: '7', exp: 4102444800 }))).toBeUndefined();
    expect(await signer.read(signedWith(new Uint8Array(32).fill(8), { alg: 'HS256' }, { ver: 2, iss: 'outreach', sub: '7', exp: 4102444800 }))).toBeUndefined();
    expect(await signer.read(signedWith(key, { alg: 'HS256' }, { ver: 2, iss: 'elsewhere', sub: '7', exp: 4102444800 }))).toBeUndefined();
    expect(await signer.read(signedWith(key, { alg: 'HS256' }, { ver: 2, iss: 'outreach', sub: '7', exp: 4102444800, nbf: 4102444000 }))).toBeUndefined();
    expect(await signer.read(signedWith(key, { alg: 'HS256' }, { ver: '2', iss: 'outreach', sub: '7', exp: 4102444800 }))).toBeUndefined();
    for (const junk of ['', 'a.b', 'a.b.c.d', `${h}.${p}`, `${h}.!!.${s}`]) expect(await signer.read(junk)).toBeUndefined();
  });
});
