ALTER TABLE `campaign_counters` ADD `leads_unqueued` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not model triggers).
-- leads_unqueued: a campaign's pending leads (no analyzed_at, no last_error, as leads_pending)
-- that no analysis job waits for or runs ("live": queued or running). The unique index on jobs
-- (campaign_id, lead_id, stage) gives a lead at most one analysis job per campaign, so a job
-- turning live or not moves its lead in or out of the count by one.
-- Backfill first, then the triggers keep every campaign's row in step within each writing transaction.
UPDATE `campaign_counters` SET `leads_unqueued` = (
  SELECT count(*) FROM `leads` l
  WHERE l.`campaign_id` = `campaign_counters`.`campaign_id` AND l.`analyzed_at` IS NULL AND l.`last_error` IS NULL
    AND NOT EXISTS (SELECT 1 FROM `jobs` j WHERE j.`campaign_id` = l.`campaign_id` AND j.`lead_id` = l.`id` AND j.`stage` = 'analyze' AND j.`status` IN ('queued', 'running'))
);--> statement-breakpoint
CREATE TRIGGER `leads_unqueued_insert` AFTER INSERT ON `leads`
WHEN new.`campaign_id` IS NOT NULL AND new.`analyzed_at` IS NULL AND new.`last_error` IS NULL BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` + 1
  WHERE `campaign_id` = new.`campaign_id`
    AND NOT EXISTS (SELECT 1 FROM `jobs` WHERE `campaign_id` = new.`campaign_id` AND `lead_id` = new.`id` AND `stage` = 'analyze' AND `status` IN ('queued', 'running'));
END;--> statement-breakpoint
-- BEFORE: the lead's jobs are still there to look at (deleting the lead deletes them after it,
-- and by then their trigger finds no pending lead to count).
CREATE TRIGGER `leads_unqueued_delete` BEFORE DELETE ON `leads`
WHEN old.`campaign_id` IS NOT NULL AND old.`analyzed_at` IS NULL AND old.`last_error` IS NULL BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` - 1
  WHERE `campaign_id` = old.`campaign_id`
    AND NOT EXISTS (SELECT 1 FROM `jobs` WHERE `campaign_id` = old.`campaign_id` AND `lead_id` = old.`id` AND `stage` = 'analyze' AND `status` IN ('queued', 'running'));
END;--> statement-breakpoint
CREATE TRIGGER `leads_unqueued_update` AFTER UPDATE OF `campaign_id`, `analyzed_at`, `last_error` ON `leads`
WHEN new.`campaign_id` IS NOT old.`campaign_id`
  OR (new.`analyzed_at` IS NULL AND new.`last_error` IS NULL) <> (old.`analyzed_at` IS NULL AND old.`last_error` IS NULL) BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` - 1
  WHERE `campaign_id` = old.`campaign_id` AND old.`analyzed_at` IS NULL AND old.`last_error` IS NULL
    AND NOT EXISTS (SELECT 1 FROM `jobs` WHERE `campaign_id` = old.`campaign_id` AND `lead_id` = old.`id` AND `stage` = 'analyze' AND `status` IN ('queued', 'running'));
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` + 1
  WHERE `campaign_id` = new.`campaign_id` AND new.`analyzed_at` IS NULL AND new.`last_error` IS NULL
    AND NOT EXISTS (SELECT 1 FROM `jobs` WHERE `campaign_id` = new.`campaign_id` AND `lead_id` = new.`id` AND `stage` = 'analyze' AND `status` IN ('queued', 'running'));
END;--> statement-breakpoint
CREATE TRIGGER `jobs_unqueued_insert` AFTER INSERT ON `jobs`
WHEN new.`stage` = 'analyze' AND new.`lead_id` IS NOT NULL AND new.`status` IN ('queued', 'running') BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` - 1
  WHERE `campaign_id` = new.`campaign_id`
    AND EXISTS (SELECT 1 FROM `leads` WHERE `id` = new.`lead_id` AND `campaign_id` = new.`campaign_id` AND `analyzed_at` IS NULL AND `last_error` IS NULL);
END;--> statement-breakpoint
CREATE TRIGGER `jobs_unqueued_delete` AFTER DELETE ON `jobs`
WHEN old.`stage` = 'analyze' AND old.`lead_id` IS NOT NULL AND old.`status` IN ('queued', 'running') BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` + 1
  WHERE `campaign_id` = old.`campaign_id`
    AND EXISTS (SELECT 1 FROM `leads` WHERE `id` = old.`lead_id` AND `campaign_id` = old.`campaign_id` AND `analyzed_at` IS NULL AND `last_error` IS NULL);
END;--> statement-breakpoint
-- The old row stops being its lead's live job, the new one starts (both: no change).
CREATE TRIGGER `jobs_unqueued_update` AFTER UPDATE OF `status`, `campaign_id`, `lead_id`, `stage` ON `jobs`
WHEN (old.`stage` = 'analyze' AND old.`lead_id` IS NOT NULL AND old.`status` IN ('queued', 'running'))
  OR (new.`stage` = 'analyze' AND new.`lead_id` IS NOT NULL AND new.`status` IN ('queued', 'running')) BEGIN
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` + 1
  WHERE `campaign_id` = old.`campaign_id` AND old.`stage` = 'analyze' AND old.`lead_id` IS NOT NULL AND old.`status` IN ('queued', 'running')
    AND EXISTS (SELECT 1 FROM `leads` WHERE `id` = old.`lead_id` AND `campaign_id` = old.`campaign_id` AND `analyzed_at` IS NULL AND `last_error` IS NULL);
  UPDATE `campaign_counters` SET `leads_unqueued` = `leads_unqueued` - 1
  WHERE `campaign_id` = new.`campaign_id` AND new.`stage` = 'analyze' AND new.`lead_id` IS NOT NULL AND new.`status` IN ('queued', 'running')
    AND EXISTS (SELECT 1 FROM `leads` WHERE `id` = new.`lead_id` AND `campaign_id` = new.`campaign_id` AND `analyzed_at` IS NULL AND `last_error` IS NULL);
END;
