// The orders the leads list offers. Free of zod, so that `outreach leads list --help` can name
// them without loading the schemas.
export const LEAD_SORTS = ['discovered_at', 'opportunity', 'urgency', 'industry', 'location'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
