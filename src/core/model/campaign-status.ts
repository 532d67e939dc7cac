// The campaign statuses, apart from the zod schemas in campaign.ts so the dashboard can
// import them without bundling zod: zod probes for eval (Function('')) when it builds an
// object schema, which the dashboard's Content-Security-Policy (script-src 'self') refuses.
export const CAMPAIGN_STATUSES = ['DRAFT', 'RUNNING', 'PAUSED', 'COMPLETED', 'FAILED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
