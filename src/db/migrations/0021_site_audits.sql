CREATE TABLE `site_audits` (
	`lead_id` integer PRIMARY KEY NOT NULL,
	`measured` integer NOT NULL,
	`audit` text NOT NULL,
	`mobile_screenshot` blob,
	`desktop_screenshot` blob,
	`measured_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `search_position` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `search_query` text;--> statement-breakpoint
ALTER TABLE `campaign_counters` ADD `audits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign_counters` ADD `audits_finished` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not model triggers).
-- audits / audits_finished: a campaign's audit jobs and the finished ones (done, failed, dlq),
-- kept by triggers on jobs within each writing transaction (no audit job exists before this migration).
CREATE TRIGGER `jobs_audits_insert` AFTER INSERT ON `jobs`
WHEN new.`stage` = 'audit' BEGIN
  UPDATE `campaign_counters` SET `audits` = `audits` + 1,
    `audits_finished` = `audits_finished` + (new.`status` IN ('done', 'failed', 'dlq'))
  WHERE `campaign_id` = new.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_audits_delete` AFTER DELETE ON `jobs`
WHEN old.`stage` = 'audit' BEGIN
  UPDATE `campaign_counters` SET `audits` = `audits` - 1,
    `audits_finished` = `audits_finished` - (old.`status` IN ('done', 'failed', 'dlq'))
  WHERE `campaign_id` = old.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_audits_update` AFTER UPDATE OF `status` ON `jobs`
WHEN new.`stage` = 'audit' AND (new.`status` IN ('done', 'failed', 'dlq')) <> (old.`status` IN ('done', 'failed', 'dlq')) BEGIN
  UPDATE `campaign_counters` SET `audits_finished` = `audits_finished` + (new.`status` IN ('done', 'failed', 'dlq')) - (old.`status` IN ('done', 'failed', 'dlq'))
  WHERE `campaign_id` = new.`campaign_id`;
END;
