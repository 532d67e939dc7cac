ALTER TABLE `campaigns` ADD `search_note` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `requeued_leads` integer;--> statement-breakpoint
ALTER TABLE `campaign_counters` ADD `leads_failed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not model triggers).
-- leads_failed: a campaign's leads whose last attempt failed (last_error set: the site could not
-- be read, or its work gave up), counted apart from the analysed ones, which are the leads that
-- are neither pending (leads_pending: no analyzed_at, no last_error) nor failed.
-- Backfill first, then the triggers keep every campaign's row in step within each writing transaction.
UPDATE `campaign_counters` SET `leads_failed` = (
  SELECT count(*) FROM `leads` l WHERE l.`campaign_id` = `campaign_counters`.`campaign_id` AND l.`last_error` IS NOT NULL
);--> statement-breakpoint
CREATE TRIGGER `leads_failed_insert` AFTER INSERT ON `leads`
WHEN new.`campaign_id` IS NOT NULL AND new.`last_error` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET `leads_failed` = `leads_failed` + 1 WHERE `campaign_id` = new.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_failed_delete` AFTER DELETE ON `leads`
WHEN old.`campaign_id` IS NOT NULL AND old.`last_error` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET `leads_failed` = `leads_failed` - 1 WHERE `campaign_id` = old.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_failed_update` AFTER UPDATE OF `campaign_id`, `last_error` ON `leads`
WHEN new.`campaign_id` IS NOT old.`campaign_id` OR (new.`last_error` IS NULL) <> (old.`last_error` IS NULL) BEGIN
  UPDATE `campaign_counters` SET `leads_failed` = `leads_failed` - 1 WHERE `campaign_id` = old.`campaign_id` AND old.`last_error` IS NOT NULL;
  UPDATE `campaign_counters` SET `leads_failed` = `leads_failed` + 1 WHERE `campaign_id` = new.`campaign_id` AND new.`last_error` IS NOT NULL;
END;
