-- Filters by mailbox (issue 23, point 7), written by hand (drizzle-kit cannot write expression
-- indexes, and its copy of sent_days named a column the old table lacks). An email's mailbox is
-- coalesce(mailbox_id, 1): emails from before mailboxes went from mailbox 1, and no row of emails
-- is rewritten for it (that would be a write of every email).
-- The emails list's keyset pages by mailbox, alone and with the status and campaign filters.
CREATE INDEX `emails_list_mailbox_idx` ON `emails` (coalesce(`mailbox_id`, 1), coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_mailbox_status_idx` ON `emails` (coalesce(`mailbox_id`, 1), `status`, coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_campaign_mailbox_idx` ON `emails` (`campaign_id`, coalesce(`mailbox_id`, 1), coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
CREATE INDEX `emails_list_campaign_mailbox_status_idx` ON `emails` (`campaign_id`, coalesce(`mailbox_id`, 1), `status`, coalesce(`sent_at`, `scheduled_send_time`, `created_at`), `id`);--> statement-breakpoint
-- Analytics' first opens, replies and report views per day for one mailbox (only those rows).
CREATE INDEX `emails_mailbox_opened_at_idx` ON `emails` (coalesce(`mailbox_id`, 1), `opened_at`) WHERE opened_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `emails_mailbox_replied_at_idx` ON `emails` (coalesce(`mailbox_id`, 1), `replied_at`) WHERE replied_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `emails_mailbox_report_viewed_at_idx` ON `emails` (coalesce(`mailbox_id`, 1), `report_viewed_at`) WHERE report_viewed_at IS NOT NULL;--> statement-breakpoint
-- sent_days (migration 0017) gains the mailbox in its key: counted again from the sent emails
-- (one read of them, as 0017's backfill), then its triggers count each email under its mailbox.
DROP TRIGGER `emails_sent_days_insert`;--> statement-breakpoint
DROP TRIGGER `emails_sent_days_delete`;--> statement-breakpoint
DROP TRIGGER `emails_sent_days_update`;--> statement-breakpoint
DROP TABLE `sent_days`;--> statement-breakpoint
CREATE TABLE `sent_days` (
	`day` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`step` integer NOT NULL,
	`variant` text NOT NULL,
	`mailbox_id` integer DEFAULT 1 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`clicked` integer DEFAULT 0 NOT NULL,
	`replied` integer DEFAULT 0 NOT NULL,
	`machine_opens` integer DEFAULT 0 NOT NULL,
	`machine_clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `campaign_id`, `step`, `variant`, `mailbox_id`)
);
--> statement-breakpoint
INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `mailbox_id`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`)
SELECT e.`sent_at` / 86400000, coalesce(e.`campaign_id`, 0), e.`step`, coalesce(e.`ab_variant`, ''), coalesce(e.`mailbox_id`, 1), count(*), sum(e.`opened_at` IS NOT NULL), sum(e.`clicked_at` IS NOT NULL), sum(e.`replied_at` IS NOT NULL), sum(e.`machine_open_count`), sum(e.`machine_click_count`)
FROM `emails` e WHERE e.`sent_at` IS NOT NULL AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_insert` AFTER INSERT ON `emails` WHEN new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') BEGIN
  INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `mailbox_id`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`) VALUES (new.`sent_at` / 86400000, coalesce(new.`campaign_id`, 0), new.`step`, coalesce(new.`ab_variant`, ''), coalesce(new.`mailbox_id`, 1), 1, new.`opened_at` IS NOT NULL, new.`clicked_at` IS NOT NULL, new.`replied_at` IS NOT NULL, new.`machine_open_count`, new.`machine_click_count`)
    ON CONFLICT (`day`, `campaign_id`, `step`, `variant`, `mailbox_id`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`, `machine_clicks` = `machine_clicks` + excluded.`machine_clicks`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_delete` AFTER DELETE ON `emails` WHEN old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') BEGIN
  UPDATE `sent_days` SET `sent` = `sent` - (1), `opened` = `opened` - (old.`opened_at` IS NOT NULL), `clicked` = `clicked` - (old.`clicked_at` IS NOT NULL), `replied` = `replied` - (old.`replied_at` IS NOT NULL), `machine_opens` = `machine_opens` - (old.`machine_open_count`), `machine_clicks` = `machine_clicks` - (old.`machine_click_count`)
    WHERE `day` = old.`sent_at` / 86400000 AND `campaign_id` = coalesce(old.`campaign_id`, 0) AND `step` = old.`step` AND `variant` = coalesce(old.`ab_variant`, '') AND `mailbox_id` = coalesce(old.`mailbox_id`, 1);
END;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_update` AFTER UPDATE OF `sent_at`, `status`, `campaign_id`, `step`, `ab_variant`, `mailbox_id`, `opened_at`, `clicked_at`, `replied_at`, `machine_open_count`, `machine_click_count` ON `emails`
WHEN (old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) OR (new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) BEGIN
  UPDATE `sent_days` SET `sent` = `sent` - (1), `opened` = `opened` - (old.`opened_at` IS NOT NULL), `clicked` = `clicked` - (old.`clicked_at` IS NOT NULL), `replied` = `replied` - (old.`replied_at` IS NOT NULL), `machine_opens` = `machine_opens` - (old.`machine_open_count`), `machine_clicks` = `machine_clicks` - (old.`machine_click_count`)
    WHERE (old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) AND `day` = old.`sent_at` / 86400000 AND `campaign_id` = coalesce(old.`campaign_id`, 0) AND `step` = old.`step` AND `variant` = coalesce(old.`ab_variant`, '') AND `mailbox_id` = coalesce(old.`mailbox_id`, 1);
  INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `mailbox_id`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`) SELECT new.`sent_at` / 86400000, coalesce(new.`campaign_id`, 0), new.`step`, coalesce(new.`ab_variant`, ''), coalesce(new.`mailbox_id`, 1), 1, new.`opened_at` IS NOT NULL, new.`clicked_at` IS NOT NULL, new.`replied_at` IS NOT NULL, new.`machine_open_count`, new.`machine_click_count` WHERE new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')
    ON CONFLICT (`day`, `campaign_id`, `step`, `variant`, `mailbox_id`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`, `machine_clicks` = `machine_clicks` + excluded.`machine_clicks`;
END;