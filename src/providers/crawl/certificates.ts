// Certificates as the crawler sees them: the dates it keeps of a peer certificate, and the chain
// check that lets the fetcher read past a certificate whose only fault is that it has expired.
import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate, PeerCertificate, TLSSocket } from 'node:tls';

/** What the crawler keeps of a peer certificate. */
export interface PeerCertificateFacts {
  /** As the certificate gives it: "Mar 12 00:00:00 2026 GMT". */
  validTo: string;
  validToIso: string;
  subject?: string;
  issuer?: string;
  /** null: trusted; 'CERT_HAS_EXPIRED': read past (readPastExpiredCertificates). */
  error: string | null;
}

export const EXPIRED = 'CERT_HAS_EXPIRED';
export const isExpired = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === EXPIRED;

/**
 * OpenSSL reports one verification error, not all: an expired certificate from an unknown
 * issuer can come back as CERT_HAS_EXPIRED alone. So before reading past an expiry, the chain
 * is checked here, dates aside: each certificate signed by the next, the last one a trusted root
 * or signed by one.
 */
export function chainTrustedButForTime(socket: TLSSocket, roots: X509Certificate[]): boolean {
  const chain: X509Certificate[] = [];
  let c: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  for (let i = 0; c?.raw && i < 10; i++) {
    chain.push(new X509Certificate(c.raw));
    if (!c.issuerCertificate || c.issuerCertificate === c || c.issuerCertificate.fingerprint256 === c.fingerprint256) break;
    c = c.issuerCertificate;
  }
  if (chain.length === 0) return false;
  for (let i = 0; i + 1 < chain.length; i++) if (!chain[i].checkIssued(chain[i + 1]) || !chain[i].verify(chain[i + 1].publicKey)) return false;
  const top = chain[chain.length - 1];
  return roots.some((root) => root.fingerprint256 === top.fingerprint256 || (top.checkIssued(root) && top.verify(root.publicKey)));
}

export const parseRoots = (pems: readonly string[]) => pems.flatMap((pem) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((pem) => new X509Certificate(pem));

export function certificateFacts(socket: TLSSocket): PeerCertificateFacts | undefined {
  let cert: PeerCertificate;
  try {
    cert = socket.getPeerCertificate();
  } catch {
    return undefined;
  }
  if (!cert?.valid_to) return undefined;
  const end = new Date(cert.valid_to);
  if (Number.isNaN(end.getTime())) return undefined;
  const name = (x: unknown) => {
    const v = x as Record<string, string | string[]> | undefined;
    const pick = v?.O ?? v?.CN;
    return pick === undefined ? undefined : String(Array.isArray(pick) ? pick[0] : pick);
  };
  return { validTo: cert.valid_to, validToIso: end.toISOString(), subject: name(cert.subject), issuer: name(cert.issuer), error: socket.authorized ? null : String(socket.authorizationError ?? 'unverified') };
}
