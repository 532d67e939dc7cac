// Where a lead's audit is kept: its figures as JSON, its screenshots as bytes beside them, in
// the database every host shares. One audit per lead (the latest), replaced when audited again.
import type { Screenshot, SiteAudit } from '../model/audit.ts';

export type ScreenshotKind = 'mobile' | 'desktop';

/** A screenshot larger than this is not kept (Lighthouse's are ~50 KB, a desktop JPEG ~150 KB). */
export const SCREENSHOT_MAX_BYTES = 1_000_000;

/** A stored audit: the figures without the screenshots' bytes, and which screenshots are kept. */
export interface StoredAudit {
  audit: SiteAudit;
  screenshots: Record<ScreenshotKind, boolean>;
}

export interface AuditStore {
  save(leadId: number, audit: SiteAudit): Promise<void>;
  latest(leadId: number): Promise<StoredAudit | undefined>;
  /** A stored screenshot's JPEG bytes. */
  screenshot(leadId: number, kind: ScreenshotKind): Promise<Buffer | undefined>;
}

/** Splits an audit into the figures to keep as JSON and the screenshots' bytes (those over the cap dropped). */
export function splitScreenshots(audit: SiteAudit): { figures: SiteAudit; bytes: Record<ScreenshotKind, Buffer | null> } {
  if (!audit.measured) return { figures: audit, bytes: { mobile: null, desktop: null } };
  const decode = (shot: Screenshot | undefined) => {
    const buffer = shot ? Buffer.from(shot.base64, 'base64') : null;
    return buffer && buffer.length > 0 && buffer.length <= SCREENSHOT_MAX_BYTES ? buffer : null;
  };
  return { figures: { ...audit, screenshots: {} }, bytes: { mobile: decode(audit.screenshots.mobile), desktop: decode(audit.screenshots.desktop) } };
}
