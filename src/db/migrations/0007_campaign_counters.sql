CREATE TABLE `campaign_counters` (
	`campaign_id` integer PRIMARY KEY NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`leads_pending` integer DEFAULT 0 NOT NULL,
	`leads_with_email` integer DEFAULT 0 NOT NULL,
	`leads_converted` integer DEFAULT 0 NOT NULL,
	`emails` integer DEFAULT 0 NOT NULL,
	`emails_sent` integer DEFAULT 0 NOT NULL,
	`emails_opened` integer DEFAULT 0 NOT NULL,
	`emails_replied` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leads_pending_idx` ON `leads` (`campaign_id`) WHERE analyzed_at IS NULL AND last_error IS NULL;--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not model triggers).
-- A lead counts as pending while it has neither analyzed_at nor last_error (leads_pending_idx);
-- with an email when has_email says so; "sent" is SENT_EMAIL_STATUSES of src/core/model/lead.ts.
-- Backfill first, then the triggers keep every campaign's row in step within each writing transaction.
INSERT INTO `campaign_counters` (`campaign_id`) SELECT `id` FROM `campaigns`;--> statement-breakpoint
UPDATE `campaign_counters` SET `leads` = s.n, `leads_pending` = s.pending, `leads_with_email` = s.with_email, `leads_converted` = s.converted
FROM (
  SELECT `campaign_id`, count(*) AS n,
    sum(`analyzed_at` IS NULL AND `last_error` IS NULL) AS pending,
    sum(`contact_email` IS NOT NULL AND `contact_email` <> '') AS with_email,
    sum(`status` = 'CONVERTED') AS converted
  FROM `leads` WHERE `campaign_id` IS NOT NULL GROUP BY `campaign_id`
) AS s
WHERE `campaign_counters`.`campaign_id` = s.`campaign_id`;--> statement-breakpoint
UPDATE `campaign_counters` SET `emails` = s.n, `emails_sent` = s.sent, `emails_opened` = s.opened, `emails_replied` = s.replied
FROM (
  SELECT `campaign_id`, count(*) AS n,
    sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) AS sent,
    sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND `opened_at` IS NOT NULL) AS opened,
    sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND `replied_at` IS NOT NULL) AS replied
  FROM `emails` WHERE `campaign_id` IS NOT NULL GROUP BY `campaign_id`
) AS s
WHERE `campaign_counters`.`campaign_id` = s.`campaign_id`;--> statement-breakpoint
CREATE TRIGGER `campaigns_counters_insert` AFTER INSERT ON `campaigns` BEGIN
  INSERT INTO `campaign_counters` (`campaign_id`) VALUES (new.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `leads_campaign_counters_insert` AFTER INSERT ON `leads` WHEN new.`campaign_id` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET
    `leads` = `leads` + 1,
    `leads_pending` = `leads_pending` + (new.`analyzed_at` IS NULL AND new.`last_error` IS NULL),
    `leads_with_email` = `leads_with_email` + (new.`contact_email` IS NOT NULL AND new.`contact_email` <> ''),
    `leads_converted` = `leads_converted` + (new.`status` = 'CONVERTED')
  WHERE `campaign_id` = new.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_campaign_counters_delete` AFTER DELETE ON `leads` WHEN old.`campaign_id` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET
    `leads` = `leads` - 1,
    `leads_pending` = `leads_pending` - (old.`analyzed_at` IS NULL AND old.`last_error` IS NULL),
    `leads_with_email` = `leads_with_email` - (old.`contact_email` IS NOT NULL AND old.`contact_email` <> ''),
    `leads_converted` = `leads_converted` - (old.`status` = 'CONVERTED')
  WHERE `campaign_id` = old.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_campaign_counters_update` AFTER UPDATE OF `campaign_id`, `analyzed_at`, `last_error`, `contact_email`, `status` ON `leads`
WHEN new.`campaign_id` IS NOT old.`campaign_id`
  OR (new.`analyzed_at` IS NULL AND new.`last_error` IS NULL) <> (old.`analyzed_at` IS NULL AND old.`last_error` IS NULL)
  OR (new.`contact_email` IS NOT NULL AND new.`contact_email` <> '') <> (old.`contact_email` IS NOT NULL AND old.`contact_email` <> '')
  OR (new.`status` = 'CONVERTED') <> (old.`status` = 'CONVERTED') BEGIN
  UPDATE `campaign_counters` SET
    `leads` = `leads` - 1,
    `leads_pending` = `leads_pending` - (old.`analyzed_at` IS NULL AND old.`last_error` IS NULL),
    `leads_with_email` = `leads_with_email` - (old.`contact_email` IS NOT NULL AND old.`contact_email` <> ''),
    `leads_converted` = `leads_converted` - (old.`status` = 'CONVERTED')
  WHERE `campaign_id` = old.`campaign_id`;
  UPDATE `campaign_counters` SET
    `leads` = `leads` + 1,
    `leads_pending` = `leads_pending` + (new.`analyzed_at` IS NULL AND new.`last_error` IS NULL),
    `leads_with_email` = `leads_with_email` + (new.`contact_email` IS NOT NULL AND new.`contact_email` <> ''),
    `leads_converted` = `leads_converted` + (new.`status` = 'CONVERTED')
  WHERE `campaign_id` = new.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_campaign_counters_insert` AFTER INSERT ON `emails` WHEN new.`campaign_id` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET
    `emails` = `emails` + 1,
    `emails_sent` = `emails_sent` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`replied_at` IS NOT NULL)
  WHERE `campaign_id` = new.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_campaign_counters_delete` AFTER DELETE ON `emails` WHEN old.`campaign_id` IS NOT NULL BEGIN
  UPDATE `campaign_counters` SET
    `emails` = `emails` - 1,
    `emails_sent` = `emails_sent` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`replied_at` IS NOT NULL)
  WHERE `campaign_id` = old.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_campaign_counters_update` AFTER UPDATE OF `campaign_id`, `status`, `opened_at`, `replied_at` ON `emails`
WHEN new.`campaign_id` IS NOT old.`campaign_id`
  OR (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) <> (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED'))
  OR (new.`opened_at` IS NULL) <> (old.`opened_at` IS NULL)
  OR (new.`replied_at` IS NULL) <> (old.`replied_at` IS NULL) BEGIN
  UPDATE `campaign_counters` SET
    `emails` = `emails` - 1,
    `emails_sent` = `emails_sent` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`replied_at` IS NOT NULL)
  WHERE `campaign_id` = old.`campaign_id`;
  UPDATE `campaign_counters` SET
    `emails` = `emails` + 1,
    `emails_sent` = `emails_sent` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`replied_at` IS NOT NULL)
  WHERE `campaign_id` = new.`campaign_id`;
END;
