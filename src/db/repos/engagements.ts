import { eq, isNotNull, or, sql } from 'drizzle-orm';
import type { EngagementRepo } from '../../core/scheduling/service.ts';
import type { Db } from '../client.ts';
import { campaigns } from '../schema/campaigns.ts';
import { emails } from '../schema/emails.ts';

export class SqlEngagementRepo implements EngagementRepo {
  constructor(private readonly db: Db) {}

  async engagementTimes(industry: string | null): Promise<Date[]> {
    const rows = await this.db
      .select({ opened: emails.openedAt, replied: emails.repliedAt })
      .from(emails)
      .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
      .where(industry === null ? or(isNotNull(emails.openedAt), isNotNull(emails.repliedAt)) : sql`lower(${campaigns.industry}) = lower(${industry}) AND (${emails.openedAt} IS NOT NULL OR ${emails.repliedAt} IS NOT NULL)`);
    return rows.flatMap((r) => [r.opened, r.replied].filter((d): d is Date => d instanceof Date));
  }
}
