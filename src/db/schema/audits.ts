import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SiteAudit } from '../../core/model/audit.ts';
import { flag, timestamp } from './columns.ts';
import { leads } from './leads.ts';

// A lead's latest site audit (core/model/audit.ts), one row per lead, replaced when it is
// audited again. The screenshots live here, in the database every host shares (not on one
// host's disk), as the JPEGs Lighthouse or Chromium produced, each under a size cap.
export const siteAudits = sqliteTable('site_audits', {
  leadId: integer('lead_id')
    .primaryKey()
    .references(() => leads.id, { onDelete: 'cascade' }),
  measured: flag('measured').notNull(),
  // The audit without its screenshots' bytes (those are the two columns below).
  audit: text('audit', { mode: 'json' }).$type<SiteAudit>().notNull(),
  mobileScreenshot: blob('mobile_screenshot', { mode: 'buffer' }),
  desktopScreenshot: blob('desktop_screenshot', { mode: 'buffer' }),
  measuredAt: timestamp('measured_at').notNull(),
});
