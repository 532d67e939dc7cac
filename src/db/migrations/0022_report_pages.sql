ALTER TABLE `campaigns` ADD `report_pages` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `stop_on_report_view` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `emails` ADD `report_viewed_at` integer;--> statement-breakpoint
ALTER TABLE `emails` ADD `report_view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `emails` ADD `machine_report_view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `emails_report_viewed_at_idx` ON `emails` (`report_viewed_at`) WHERE report_viewed_at IS NOT NULL;