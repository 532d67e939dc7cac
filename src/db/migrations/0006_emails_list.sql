-- The emails list's keyset pages, per filter (drizzle-kit cannot write expression indexes: written by hand).
CREATE INDEX `emails_list_idx` ON `emails` (coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_status_idx` ON `emails` (`status`, coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_campaign_idx` ON `emails` (`campaign_id`, coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_campaign_status_idx` ON `emails` (`campaign_id`, `status`, coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);
