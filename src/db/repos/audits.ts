import { eq, sql } from 'drizzle-orm';
import { splitScreenshots, type AuditStore, type ScreenshotKind } from '../../core/audit/store.ts';
import type { SiteAudit } from '../../core/model/audit.ts';
import type { Db } from '../client.ts';
import { siteAudits } from '../schema/audits.ts';

export class SqlAuditStore implements AuditStore {
  constructor(private readonly db: Db) {}

  async save(leadId: number, audit: SiteAudit) {
    const { figures, bytes } = splitScreenshots(audit);
    const values = { measured: audit.measured, audit: figures, mobileScreenshot: bytes.mobile, desktopScreenshot: bytes.desktop, measuredAt: new Date(audit.measured_at) };
    await this.db.insert(siteAudits).values({ leadId, ...values }).onConflictDoUpdate({ target: siteAudits.leadId, set: values });
  }

  async latest(leadId: number) {
    const [row] = await this.db
      .select({
        audit: siteAudits.audit,
        // Whether each screenshot is kept, without reading its bytes.
        mobile: sql<number>`${siteAudits.mobileScreenshot} IS NOT NULL`,
        desktop: sql<number>`${siteAudits.desktopScreenshot} IS NOT NULL`,
      })
      .from(siteAudits)
      .where(eq(siteAudits.leadId, leadId));
    return row && { audit: row.audit, screenshots: { mobile: Boolean(row.mobile), desktop: Boolean(row.desktop) } };
  }

  async screenshot(leadId: number, kind: ScreenshotKind) {
    const column = kind === 'mobile' ? siteAudits.mobileScreenshot : siteAudits.desktopScreenshot;
    const [row] = await this.db.select({ bytes: column }).from(siteAudits).where(eq(siteAudits.leadId, leadId));
    return row?.bytes ?? undefined;
  }
}
