// Which certificate the https server shows for a site: catalogue sites share batch
// certificates (a few hundred names each, made when a name of the batch is first asked for,
// so a 10,000-site sandbox starts at once and each handshake stays small); a site generated
// for a search gets its own, kept in a bounded cache. All are signed by one authority whose
// certificate clients trust (Sandbox.caPem, /ca.pem), so a client of another process that
// joined this sandbox trusts every site, including sites generated after it joined. The
// authority is normally the one this user's processes share (authority.ts). A site whose
// certificate is expiring or has expired (performance.ts) gets its own, with those dates.
import { createSecureContext, type SecureContext } from 'node:tls';
import { Lru } from './lru.ts';
import { sitePerformance } from './performance.ts';
import type { SandboxSite } from './site.ts';
import { createAuthority, issueCertificate, type Authority, type Certificate } from './tls.ts';
import { hostnameOf } from './urls.ts';

/** Names per catalogue certificate: ~40 bytes each, so a handshake carries ~8 KB of names. */
const BATCH = 200;
/** Certificates of generated sites kept ready (one signature, ~15 ms, makes another). */
const GENERATED_KEPT = 512;

export class SiteCertificates {
  private readonly batchOf = new Map<string, number>();
  private readonly batches: string[][] = [];
  private readonly issued = new Map<number, Promise<SecureContext>>();
  private readonly generated = new Lru<string, Promise<SecureContext>>(GENERATED_KEPT);

  private constructor(
    private readonly authority: Authority,
    /** For names that are no site (the directory host, unknown names). */
    readonly fallback: Certificate,
    catalogue: readonly SandboxSite[],
  ) {
    for (const site of catalogue) {
      if (site.scheme !== 'https' || sitePerformance(site).certificateDays !== null) continue;
      if (this.batches.length === 0 || this.batches[this.batches.length - 1].length >= BATCH) this.batches.push([]);
      this.batches[this.batches.length - 1].push(hostnameOf(site));
      this.batchOf.set(site.slug, this.batches.length - 1);
    }
  }

  /** Signed by this authority (the one shared by this user's processes, see authority.ts), or a new one. */
  static async create(catalogue: readonly SandboxSite[], authority?: Authority): Promise<SiteCertificates> {
    authority ??= await createAuthority();
    const certificates = new SiteCertificates(authority, await issueCertificate(authority, [], true), catalogue);
    // A small sandbox (the default 240 sites) is ready before its first request.
    if (certificates.batches.length <= 2) await Promise.all(certificates.batches.map((_, i) => certificates.batch(i)));
    return certificates;
  }

  get caPem(): string {
    return this.authority.cert;
  }

  /** The TLS context that names this (https) site. */
  contextFor(site: SandboxSite): Promise<SecureContext> {
    const batch = this.batchOf.get(site.slug);
    if (batch !== undefined) return this.batch(batch);
    const hostname = hostnameOf(site);
    const cached = this.generated.get(hostname);
    if (cached) return cached;
    const made = this.make([hostname], sitePerformance(site).certificateDays ?? undefined);
    made.catch(() => this.generated.delete(hostname));
    this.generated.set(hostname, made);
    return made;
  }

  private batch(index: number): Promise<SecureContext> {
    let made = this.issued.get(index);
    if (!made) {
      made = this.make(this.batches[index]);
      made.catch(() => this.issued.delete(index)); // a later handshake tries again
      this.issued.set(index, made);
    }
    return made;
  }

  private async make(hostnames: string[], days?: number): Promise<SecureContext> {
    const { key, cert } = await issueCertificate(this.authority, hostnames, false, days);
    return createSecureContext({ key, cert });
  }
}
