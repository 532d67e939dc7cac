ALTER TABLE `campaigns` ADD `subject_variants` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `ab_variant` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `ab_subjects` text;--> statement-breakpoint
CREATE INDEX `emails_campaign_variant_idx` ON `emails` (`campaign_id`,`ab_variant`);