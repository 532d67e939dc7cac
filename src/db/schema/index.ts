// Every table of the product. drizzle-kit reads this file to generate migrations.
export * from './users.ts';
export * from './campaigns.ts';
export * from './leads.ts';
export * from './emails.ts';
export * from './activity.ts';
export * from './usage.ts';
export * from './settings.ts';
export * from './jobs.ts';
export * from './schedules.ts';
export * from './counters.ts';
export * from './verification.ts';
export * from './lead-lists.ts';
export * from './replies.ts';
export * from './audits.ts';
export * from './sending-guards.ts';
export * from './mailboxes.ts';
