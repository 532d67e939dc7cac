// The sandbox's self-signed certificate, made at start. Node refuses "*.localhost" (a
// wildcard directly under a top-level name), so every https site is listed by name too.
import { generate } from 'selfsigned';

export interface Certificate {
  key: string;
  /** PEM; a client trusts it explicitly (https `ca` option, undici `connect.ca`). */
  cert: string;
}

export async function createCertificate(hostnames: string[]): Promise<Certificate> {
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }, { name: 'organizationName', value: 'Outreach sandbox (test data)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 24 * 3600_000),
    notAfterDate: new Date(now + 365 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 2, value: '*.localhost' },
          { type: 7, ip: '127.0.0.1' },
          ...hostnames.map((value) => ({ type: 2 as const, value })),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
