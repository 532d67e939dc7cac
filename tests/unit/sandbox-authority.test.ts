// The sandbox's certificate authority, shared by a user's outreach processes through one file:
// made once (even by processes racing), kept private, renewed before it expires, and never
// taken from a folder other users can write to.
import { X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, describe, expect, it } from 'vitest';
import { authorityDir, loadSharedAuthority } from '../../src/sandbox/authority.ts';

const root = mkdtempSync(join(tmpdir(), 'outreach-authority-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `dir-${++n}`);
const posix = process.platform !== 'win32';

describe('the shared sandbox authority', () => {
  it('is made once and read back by every later load, in a folder only its user can enter', async () => {
    const dir = fresh();
    const first = await loadSharedAuthority(dir);
    expect(first.file).toBe(join(dir, 'ca.json'));
    expect(first.problem).toBeUndefined();
    expect(new X509Certificate(first.authority.cert).ca).toBe(true);
    expect((await loadSharedAuthority(dir)).authority).toEqual(first.authority);
    if (posix) {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    }
  });

  it('is the same for processes that make it at the same time', async () => {
    const dir = fresh();
    const all = await Promise.all([1, 2, 3, 4].map(() => loadSharedAuthority(dir)));
    expect(new Set(all.map((a) => a.authority.cert)).size).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'ca.json'), 'utf8')).cert).toBe(all[0].authority.cert);
  });

  it('replaces one that is damaged or about to expire', async () => {
    const dir = fresh();
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'ca.json'), '{"key": ');
    const repaired = await loadSharedAuthority(dir);
    expect(repaired.file).not.toBeNull();

    const soon = await generate([{ name: 'commonName', value: 'Outreach sandbox CA' }], {
      keyType: 'ec',
      curve: 'P-256',
      notBeforeDate: new Date(Date.now() - 3600_000),
      notAfterDate: new Date(Date.now() + 10 * 24 * 3600_000),
      extensions: [{ name: 'basicConstraints', cA: true }],
    });
    writeFileSync(join(dir, 'ca.json'), JSON.stringify({ key: soon.private, cert: soon.cert, publicKey: soon.public }));
    const renewed = await loadSharedAuthority(dir);
    expect(renewed.authority.cert).not.toBe(soon.cert);
    expect(Date.parse(new X509Certificate(renewed.authority.cert).validTo) - Date.now()).toBeGreaterThan(300 * 24 * 3600_000);
  });

  it.runIf(posix)('is not used from a folder other users can write to: the process makes its own and says why', async () => {
    const dir = fresh();
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const own = await loadSharedAuthority(dir);
    expect(own.file).toBeNull();
    expect(own.problem).toBe(`${dir} is open to other users`);
    expect(new X509Certificate(own.authority.cert).ca).toBe(true);
  });

  it('lives in a per-user folder of the temporary directory', () => {
    expect(authorityDir('/tmp')).toBe(join('/tmp', `outreach-sandbox-${process.getuid?.() ?? 'user'}`));
  });
});
