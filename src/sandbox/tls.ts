// The sandbox's certificates, made at start: a private certificate authority (its certificate
// is what clients trust, served at /ca.pem) and leaf certificates it signs for the https sites.
// Node refuses "*.localhost" (a wildcard directly under a top-level name), so every https site
// is named in a leaf: catalogue sites in batches, generated sites one by one when first asked.
import { generate } from 'selfsigned';

export interface Certificate {
  key: string;
  /** PEM; a client trusts it explicitly (https `ca` option, undici `connect.ca`). */
  cert: string;
}

export interface Authority extends Certificate {
  publicKey: string;
}

const DAY = 24 * 3600_000;

/** From a day ago; for `days` days from now (default a year; negative: it ended that many days ago). */
function validity(days = 365) {
  const now = Date.now();
  const end = now + days * DAY;
  return { notBeforeDate: new Date(days > 0 ? now - DAY : end - 365 * DAY), notAfterDate: new Date(end) };
}

export async function createAuthority(): Promise<Authority> {
  const pems = await generate([{ name: 'commonName', value: 'Outreach sandbox CA' }, { name: 'organizationName', value: 'Outreach sandbox (test data)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    ...validity(),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
    ],
  });
  return { key: pems.private, cert: pems.cert, publicKey: pems.public };
}

/**
 * A server certificate for these names, signed by the authority (sharing its key pair: issuing
 * is one signature), valid for `days` from now (negative: one that has expired).
 */
export async function issueCertificate(ca: Authority, hostnames: string[], withLocalhost = false, days = 365): Promise<Certificate> {
  const pems = await generate([{ name: 'commonName', value: withLocalhost ? 'localhost' : (hostnames[0] ?? 'localhost') }, { name: 'organizationName', value: 'Outreach sandbox (test data)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    ...validity(days),
    keyPair: { privateKey: ca.key, publicKey: ca.publicKey },
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...(withLocalhost ? [{ type: 2 as const, value: 'localhost' }, { type: 2 as const, value: '*.localhost' }, { type: 7 as const, ip: '127.0.0.1' }] : []),
          ...hostnames.map((value) => ({ type: 2 as const, value })),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
