import type { CampaignService } from '../campaigns/service.ts';
import { optimalSendTime, tomorrowBest, type OptimalSendTime } from './optimal-time.ts';

/** When recipients engaged: open and reply times of emails in campaigns of an industry (all when null). */
export interface EngagementRepo {
  engagementTimes(industry: string | null): Promise<Date[]>;
}

export class SchedulingService {
  constructor(
    private readonly engagements: EngagementRepo,
    private readonly campaigns: CampaignService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async forCampaign(id: number): Promise<OptimalSendTime & { campaign_id: number; industry: string }> {
    const campaign = await this.campaigns.get(id); // 404 when unknown
    const industry = campaign.industry?.trim() || null;
    const result = optimalSendTime(await this.engagements.engagementTimes(industry), this.now());
    return { campaign_id: id, industry: industry ?? 'general', ...result };
  }

  async tomorrowBest(industry: string) {
    const wanted = industry.trim().toLowerCase() === 'general' ? null : industry.trim();
    return { industry: wanted ?? 'general', ...tomorrowBest(await this.engagements.engagementTimes(wanted), this.now()) };
  }
}
