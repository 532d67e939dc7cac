CREATE TABLE `campaign_arm_counters` (
	`campaign_id` integer NOT NULL,
	`variant` text NOT NULL,
	`emails` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`replied` integer DEFAULT 0 NOT NULL,
	`machine_opens` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`campaign_id`, `variant`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- hand-written:
-- An email counts in its arm when it has a campaign and an ab_variant; "sent" is SENT_EMAIL_STATUSES
-- of src/core/model/lead.ts; "replied" when it or a later step (step > 1) of the same campaign and
-- lead has replied_at, as src/db/repos/campaigns.ts counted it with a GROUP BY before.
-- An email's own figures depend on the other emails of its lead only through that later-step
-- reply, so each trigger adds the changed row's own figures (the other rows looked up as they
-- are: this write did not change them), and when a later-step reply appears or goes, the
-- lead's sent, unanswered arm emails gain or lose their reply (unless another later step still answers).
-- Backfill first, then the triggers keep every arm's row in step within each writing transaction.
INSERT INTO `campaign_arm_counters` (`campaign_id`, `variant`, `emails`, `sent`, `opened`, `replied`, `machine_opens`)
SELECT `campaign_id`, `ab_variant`, count(*),
  sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
  sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND `opened_at` IS NOT NULL),
  sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND (`replied_at` IS NOT NULL OR EXISTS (
    SELECT 1 FROM `emails` f WHERE f.`campaign_id` = e.`campaign_id` AND f.`lead_id` = e.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL))),
  sum(CASE WHEN `status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') THEN `machine_open_count` ELSE 0 END)
FROM `emails` e
WHERE `campaign_id` IN (SELECT `id` FROM `campaigns`) AND `ab_variant` IS NOT NULL
GROUP BY `campaign_id`, `ab_variant`;--> statement-breakpoint
CREATE TRIGGER `emails_arm_counters_insert` AFTER INSERT ON `emails` WHEN new.`campaign_id` IS NOT NULL AND new.`ab_variant` IS NOT NULL BEGIN
  INSERT INTO `campaign_arm_counters` (`campaign_id`, `variant`, `emails`, `sent`, `opened`, `replied`, `machine_opens`) VALUES (
    new.`campaign_id`, new.`ab_variant`, 1,
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED'),
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL,
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND (new.`replied_at` IS NOT NULL OR EXISTS (
      SELECT 1 FROM `emails` f WHERE f.`campaign_id` = new.`campaign_id` AND f.`lead_id` = new.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> new.`id`)),
    CASE WHEN new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') THEN new.`machine_open_count` ELSE 0 END)
  ON CONFLICT (`campaign_id`, `variant`) DO UPDATE SET
    `emails` = `emails` + excluded.`emails`, `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`,
    `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_arm_counters_delete` AFTER DELETE ON `emails` WHEN old.`campaign_id` IS NOT NULL AND old.`ab_variant` IS NOT NULL BEGIN
  UPDATE `campaign_arm_counters` SET
    `emails` = `emails` - 1,
    `sent` = `sent` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `opened` = `opened` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `replied` = `replied` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND (old.`replied_at` IS NOT NULL OR EXISTS (
      SELECT 1 FROM `emails` f WHERE f.`campaign_id` = old.`campaign_id` AND f.`lead_id` = old.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> old.`id`))),
    `machine_opens` = `machine_opens` - (CASE WHEN old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') THEN old.`machine_open_count` ELSE 0 END)
  WHERE `campaign_id` = old.`campaign_id` AND `variant` = old.`ab_variant`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_arm_counters_update` AFTER UPDATE OF `campaign_id`, `lead_id`, `status`, `opened_at`, `replied_at`, `machine_open_count`, `ab_variant` ON `emails`
WHEN (old.`ab_variant` IS NOT NULL OR new.`ab_variant` IS NOT NULL) AND (
  new.`campaign_id` IS NOT old.`campaign_id` OR new.`lead_id` <> old.`lead_id` OR new.`ab_variant` IS NOT old.`ab_variant`
  OR (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) <> (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED'))
  OR (new.`opened_at` IS NULL) <> (old.`opened_at` IS NULL)
  OR (new.`replied_at` IS NULL) <> (old.`replied_at` IS NULL)
  OR new.`machine_open_count` <> old.`machine_open_count`) BEGIN
  UPDATE `campaign_arm_counters` SET
    `emails` = `emails` - 1,
    `sent` = `sent` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `opened` = `opened` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `replied` = `replied` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND (old.`replied_at` IS NOT NULL OR EXISTS (
      SELECT 1 FROM `emails` f WHERE f.`campaign_id` = old.`campaign_id` AND f.`lead_id` = old.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> old.`id`))),
    `machine_opens` = `machine_opens` - (CASE WHEN old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') THEN old.`machine_open_count` ELSE 0 END)
  WHERE `campaign_id` = old.`campaign_id` AND `variant` = old.`ab_variant`;
  INSERT INTO `campaign_arm_counters` (`campaign_id`, `variant`, `emails`, `sent`, `opened`, `replied`, `machine_opens`)
  SELECT new.`campaign_id`, new.`ab_variant`, 1,
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED'),
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL,
    new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND (new.`replied_at` IS NOT NULL OR EXISTS (
      SELECT 1 FROM `emails` f WHERE f.`campaign_id` = new.`campaign_id` AND f.`lead_id` = new.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> new.`id`)),
    CASE WHEN new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') THEN new.`machine_open_count` ELSE 0 END
  WHERE new.`campaign_id` IS NOT NULL AND new.`ab_variant` IS NOT NULL
  ON CONFLICT (`campaign_id`, `variant`) DO UPDATE SET
    `emails` = `emails` + excluded.`emails`, `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`,
    `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`;
END;--> statement-breakpoint
-- A later-step reply that appears (or goes): the lead's other sent, unanswered arm emails gain
-- (or lose) their reply, unless another later step of the lead was answered already.
-- The unary + in +e.ab_variant keeps SQLite on the (campaign, lead, step) key, where a lead has
-- a few emails, instead of the (campaign, arm) index, where an arm has thousands.
CREATE TRIGGER `emails_arm_counters_followup_insert` AFTER INSERT ON `emails`
WHEN new.`campaign_id` IS NOT NULL AND new.`step` > 1 AND new.`replied_at` IS NOT NULL BEGIN
  UPDATE `campaign_arm_counters` SET `replied` = `replied` + (
    SELECT count(*) FROM `emails` e WHERE e.`campaign_id` = new.`campaign_id` AND e.`lead_id` = new.`lead_id` AND +e.`ab_variant` = `campaign_arm_counters`.`variant`
      AND e.`id` <> new.`id` AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND e.`replied_at` IS NULL)
  WHERE `campaign_id` = new.`campaign_id` AND NOT EXISTS (
    SELECT 1 FROM `emails` f WHERE f.`campaign_id` = new.`campaign_id` AND f.`lead_id` = new.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> new.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `emails_arm_counters_followup_delete` AFTER DELETE ON `emails`
WHEN old.`campaign_id` IS NOT NULL AND old.`step` > 1 AND old.`replied_at` IS NOT NULL BEGIN
  UPDATE `campaign_arm_counters` SET `replied` = `replied` - (
    SELECT count(*) FROM `emails` e WHERE e.`campaign_id` = old.`campaign_id` AND e.`lead_id` = old.`lead_id` AND +e.`ab_variant` = `campaign_arm_counters`.`variant`
      AND e.`id` <> old.`id` AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND e.`replied_at` IS NULL)
  WHERE `campaign_id` = old.`campaign_id` AND NOT EXISTS (
    SELECT 1 FROM `emails` f WHERE f.`campaign_id` = old.`campaign_id` AND f.`lead_id` = old.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> old.`id`);
END;--> statement-breakpoint
-- On an update the row may leave one lead (or campaign) and join another: the old place loses
-- its later-step reply, the new one gains it (both at once when the place is the same).
CREATE TRIGGER `emails_arm_counters_followup_update` AFTER UPDATE OF `campaign_id`, `lead_id`, `step`, `replied_at` ON `emails`
WHEN (old.`campaign_id` IS NOT NULL AND old.`step` > 1 AND old.`replied_at` IS NOT NULL)
  OR (new.`campaign_id` IS NOT NULL AND new.`step` > 1 AND new.`replied_at` IS NOT NULL) BEGIN
  UPDATE `campaign_arm_counters` SET `replied` = `replied` + (
    (new.`campaign_id` IS old.`campaign_id` AND new.`lead_id` = old.`lead_id` AND new.`step` > 1 AND new.`replied_at` IS NOT NULL)
    - (old.`step` > 1 AND old.`replied_at` IS NOT NULL)) * (
    SELECT count(*) FROM `emails` e WHERE e.`campaign_id` = old.`campaign_id` AND e.`lead_id` = old.`lead_id` AND +e.`ab_variant` = `campaign_arm_counters`.`variant`
      AND e.`id` <> old.`id` AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND e.`replied_at` IS NULL)
  WHERE `campaign_id` = old.`campaign_id` AND NOT EXISTS (
    SELECT 1 FROM `emails` f WHERE f.`campaign_id` = old.`campaign_id` AND f.`lead_id` = old.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> old.`id`);
  UPDATE `campaign_arm_counters` SET `replied` = `replied` + (
    SELECT count(*) FROM `emails` e WHERE e.`campaign_id` = new.`campaign_id` AND e.`lead_id` = new.`lead_id` AND +e.`ab_variant` = `campaign_arm_counters`.`variant`
      AND e.`id` <> new.`id` AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND e.`replied_at` IS NULL)
  WHERE `campaign_id` = new.`campaign_id` AND new.`step` > 1 AND new.`replied_at` IS NOT NULL
    AND NOT (new.`campaign_id` IS old.`campaign_id` AND new.`lead_id` = old.`lead_id`) AND NOT EXISTS (
    SELECT 1 FROM `emails` f WHERE f.`campaign_id` = new.`campaign_id` AND f.`lead_id` = new.`lead_id` AND f.`step` > 1 AND f.`replied_at` IS NOT NULL AND f.`id` <> new.`id`);
END;
