CREATE TABLE `funnel_days` (
	`day` integer PRIMARY KEY NOT NULL,
	`discovered` integer DEFAULT 0 NOT NULL,
	`analysed` integer DEFAULT 0 NOT NULL,
	`with_email` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`clicked` integer DEFAULT 0 NOT NULL,
	`replied` integer DEFAULT 0 NOT NULL,
	`interested` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sent_days` (
	`day` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`step` integer NOT NULL,
	`variant` text NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`clicked` integer DEFAULT 0 NOT NULL,
	`replied` integer DEFAULT 0 NOT NULL,
	`machine_opens` integer DEFAULT 0 NOT NULL,
	`machine_clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `campaign_id`, `step`, `variant`)
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `engaged` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written:
-- Analytics by day (src/db/schema/counters.ts; read by src/db/repos/analytics.ts). An email
-- counts in sent_days when it left (sent_at set, status in SENT_EMAIL_STATUSES of
-- src/core/model/lead.ts), under its send day, campaign (0: none), step and variant ('': none).
-- leads.engaged has a bit for any of the lead's emails opened (1), clicked (2), replied (4);
-- a lead counts in funnel_days under its discovery day. Backfill first, then the triggers keep
-- every row in step within each writing transaction: each takes the old row's part away and
-- adds the new row's (the emails' triggers update leads.engaged, whose change moves the funnel).
UPDATE `leads` SET `engaged` = (SELECT coalesce(max(e.`opened_at` IS NOT NULL) | (max(e.`clicked_at` IS NOT NULL) << 1) | (max(e.`replied_at` IS NOT NULL) << 2), 0) FROM `emails` e WHERE e.`lead_id` = `leads`.`id`)
WHERE `id` IN (SELECT `lead_id` FROM `emails` WHERE `opened_at` IS NOT NULL OR `clicked_at` IS NOT NULL OR `replied_at` IS NOT NULL);--> statement-breakpoint
INSERT INTO `funnel_days` (`day`, `discovered`, `analysed`, `with_email`, `sent`, `opened`, `clicked`, `replied`, `interested`, `won`)
SELECT l.`discovered_at` / 86400000, count(*), sum(l.`analyzed_at` IS NOT NULL), sum((l.`contact_email` IS NOT NULL AND l.`contact_email` <> '')), sum(l.`sent_emails` > 0), sum((l.`engaged` & 1) = 1), sum((l.`engaged` & 2) = 2), sum((l.`engaged` & 4) = 4), sum((l.`status` = 'CONVERTED' OR coalesce(l.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won'))), sum((l.`status` = 'CONVERTED' OR coalesce(l.`deal_stage`, '') = 'won'))
FROM `leads` l GROUP BY 1;--> statement-breakpoint
INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`)
SELECT e.`sent_at` / 86400000, coalesce(e.`campaign_id`, 0), e.`step`, coalesce(e.`ab_variant`, ''), count(*), sum(e.`opened_at` IS NOT NULL), sum(e.`clicked_at` IS NOT NULL), sum(e.`replied_at` IS NOT NULL), sum(e.`machine_open_count`), sum(e.`machine_click_count`)
FROM `emails` e WHERE e.`sent_at` IS NOT NULL AND e.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_insert` AFTER INSERT ON `emails` WHEN new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') BEGIN
  INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`) VALUES (new.`sent_at` / 86400000, coalesce(new.`campaign_id`, 0), new.`step`, coalesce(new.`ab_variant`, ''), 1, new.`opened_at` IS NOT NULL, new.`clicked_at` IS NOT NULL, new.`replied_at` IS NOT NULL, new.`machine_open_count`, new.`machine_click_count`)
    ON CONFLICT (`day`, `campaign_id`, `step`, `variant`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`, `machine_clicks` = `machine_clicks` + excluded.`machine_clicks`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_delete` AFTER DELETE ON `emails` WHEN old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') BEGIN
  UPDATE `sent_days` SET `sent` = `sent` - (1), `opened` = `opened` - (old.`opened_at` IS NOT NULL), `clicked` = `clicked` - (old.`clicked_at` IS NOT NULL), `replied` = `replied` - (old.`replied_at` IS NOT NULL), `machine_opens` = `machine_opens` - (old.`machine_open_count`), `machine_clicks` = `machine_clicks` - (old.`machine_click_count`)
    WHERE `day` = old.`sent_at` / 86400000 AND `campaign_id` = coalesce(old.`campaign_id`, 0) AND `step` = old.`step` AND `variant` = coalesce(old.`ab_variant`, '');
END;--> statement-breakpoint
CREATE TRIGGER `emails_sent_days_update` AFTER UPDATE OF `sent_at`, `status`, `campaign_id`, `step`, `ab_variant`, `opened_at`, `clicked_at`, `replied_at`, `machine_open_count`, `machine_click_count` ON `emails`
WHEN (old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) OR (new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) BEGIN
  UPDATE `sent_days` SET `sent` = `sent` - (1), `opened` = `opened` - (old.`opened_at` IS NOT NULL), `clicked` = `clicked` - (old.`clicked_at` IS NOT NULL), `replied` = `replied` - (old.`replied_at` IS NOT NULL), `machine_opens` = `machine_opens` - (old.`machine_open_count`), `machine_clicks` = `machine_clicks` - (old.`machine_click_count`)
    WHERE (old.`sent_at` IS NOT NULL AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) AND `day` = old.`sent_at` / 86400000 AND `campaign_id` = coalesce(old.`campaign_id`, 0) AND `step` = old.`step` AND `variant` = coalesce(old.`ab_variant`, '');
  INSERT INTO `sent_days` (`day`, `campaign_id`, `step`, `variant`, `sent`, `opened`, `clicked`, `replied`, `machine_opens`, `machine_clicks`) SELECT new.`sent_at` / 86400000, coalesce(new.`campaign_id`, 0), new.`step`, coalesce(new.`ab_variant`, ''), 1, new.`opened_at` IS NOT NULL, new.`clicked_at` IS NOT NULL, new.`replied_at` IS NOT NULL, new.`machine_open_count`, new.`machine_click_count` WHERE new.`sent_at` IS NOT NULL AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')
    ON CONFLICT (`day`, `campaign_id`, `step`, `variant`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `machine_opens` = `machine_opens` + excluded.`machine_opens`, `machine_clicks` = `machine_clicks` + excluded.`machine_clicks`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_engaged_insert` AFTER INSERT ON `emails` WHEN (new.`opened_at` IS NOT NULL OR new.`clicked_at` IS NOT NULL OR new.`replied_at` IS NOT NULL) BEGIN
  UPDATE `leads` SET `engaged` = `engaged` | ((new.`opened_at` IS NOT NULL) | ((new.`clicked_at` IS NOT NULL) << 1) | ((new.`replied_at` IS NOT NULL) << 2)) WHERE `id` = new.`lead_id`;
END;--> statement-breakpoint
CREATE TRIGGER `emails_engaged_update` AFTER UPDATE OF `opened_at`, `clicked_at`, `replied_at`, `lead_id` ON `emails`
WHEN new.`lead_id` <> old.`lead_id` OR (new.`opened_at` IS NULL) <> (old.`opened_at` IS NULL) OR (new.`clicked_at` IS NULL) <> (old.`clicked_at` IS NULL) OR (new.`replied_at` IS NULL) <> (old.`replied_at` IS NULL) BEGIN
  UPDATE `leads` SET `engaged` = (SELECT coalesce(max(e.`opened_at` IS NOT NULL) | (max(e.`clicked_at` IS NOT NULL) << 1) | (max(e.`replied_at` IS NOT NULL) << 2), 0) FROM `emails` e WHERE e.`lead_id` = `leads`.`id`) WHERE `id` IN (new.`lead_id`, old.`lead_id`);
END;--> statement-breakpoint
CREATE TRIGGER `emails_engaged_delete` AFTER DELETE ON `emails` WHEN (old.`opened_at` IS NOT NULL OR old.`clicked_at` IS NOT NULL OR old.`replied_at` IS NOT NULL) BEGIN
  UPDATE `leads` SET `engaged` = (SELECT coalesce(max(e.`opened_at` IS NOT NULL) | (max(e.`clicked_at` IS NOT NULL) << 1) | (max(e.`replied_at` IS NOT NULL) << 2), 0) FROM `emails` e WHERE e.`lead_id` = `leads`.`id`) WHERE `id` = old.`lead_id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_funnel_days_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `funnel_days` (`day`, `discovered`, `analysed`, `with_email`, `sent`, `opened`, `clicked`, `replied`, `interested`, `won`) VALUES (new.`discovered_at` / 86400000, 1, new.`analyzed_at` IS NOT NULL, (new.`contact_email` IS NOT NULL AND new.`contact_email` <> ''), new.`sent_emails` > 0, (new.`engaged` & 1) = 1, (new.`engaged` & 2) = 2, (new.`engaged` & 4) = 4, (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won')), (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') = 'won'))
    ON CONFLICT (`day`) DO UPDATE SET `discovered` = `discovered` + excluded.`discovered`, `analysed` = `analysed` + excluded.`analysed`, `with_email` = `with_email` + excluded.`with_email`, `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `interested` = `interested` + excluded.`interested`, `won` = `won` + excluded.`won`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_funnel_days_delete` AFTER DELETE ON `leads` BEGIN
  UPDATE `funnel_days` SET `discovered` = `discovered` - (1), `analysed` = `analysed` - (old.`analyzed_at` IS NOT NULL), `with_email` = `with_email` - ((old.`contact_email` IS NOT NULL AND old.`contact_email` <> '')), `sent` = `sent` - (old.`sent_emails` > 0), `opened` = `opened` - ((old.`engaged` & 1) = 1), `clicked` = `clicked` - ((old.`engaged` & 2) = 2), `replied` = `replied` - ((old.`engaged` & 4) = 4), `interested` = `interested` - ((old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won'))), `won` = `won` - ((old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') = 'won'))
    WHERE `day` = old.`discovered_at` / 86400000;
END;--> statement-breakpoint
CREATE TRIGGER `leads_funnel_days_update` AFTER UPDATE OF `discovered_at`, `analyzed_at`, `contact_email`, `sent_emails`, `status`, `deal_stage`, `engaged` ON `leads`
WHEN (old.`discovered_at` / 86400000, old.`analyzed_at` IS NOT NULL, (old.`contact_email` IS NOT NULL AND old.`contact_email` <> ''), old.`sent_emails` > 0, (old.`engaged` & 1) = 1, (old.`engaged` & 2) = 2, (old.`engaged` & 4) = 4, (old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won')), (old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') = 'won')) <> (new.`discovered_at` / 86400000, new.`analyzed_at` IS NOT NULL, (new.`contact_email` IS NOT NULL AND new.`contact_email` <> ''), new.`sent_emails` > 0, (new.`engaged` & 1) = 1, (new.`engaged` & 2) = 2, (new.`engaged` & 4) = 4, (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won')), (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') = 'won')) BEGIN
  UPDATE `funnel_days` SET `discovered` = `discovered` - (1), `analysed` = `analysed` - (old.`analyzed_at` IS NOT NULL), `with_email` = `with_email` - ((old.`contact_email` IS NOT NULL AND old.`contact_email` <> '')), `sent` = `sent` - (old.`sent_emails` > 0), `opened` = `opened` - ((old.`engaged` & 1) = 1), `clicked` = `clicked` - ((old.`engaged` & 2) = 2), `replied` = `replied` - ((old.`engaged` & 4) = 4), `interested` = `interested` - ((old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won'))), `won` = `won` - ((old.`status` = 'CONVERTED' OR coalesce(old.`deal_stage`, '') = 'won'))
    WHERE `day` = old.`discovered_at` / 86400000;
  INSERT INTO `funnel_days` (`day`, `discovered`, `analysed`, `with_email`, `sent`, `opened`, `clicked`, `replied`, `interested`, `won`) VALUES (new.`discovered_at` / 86400000, 1, new.`analyzed_at` IS NOT NULL, (new.`contact_email` IS NOT NULL AND new.`contact_email` <> ''), new.`sent_emails` > 0, (new.`engaged` & 1) = 1, (new.`engaged` & 2) = 2, (new.`engaged` & 4) = 4, (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') IN ('interested', 'meeting_booked', 'proposal_sent', 'won')), (new.`status` = 'CONVERTED' OR coalesce(new.`deal_stage`, '') = 'won'))
    ON CONFLICT (`day`) DO UPDATE SET `discovered` = `discovered` + excluded.`discovered`, `analysed` = `analysed` + excluded.`analysed`, `with_email` = `with_email` + excluded.`with_email`, `sent` = `sent` + excluded.`sent`, `opened` = `opened` + excluded.`opened`, `clicked` = `clicked` + excluded.`clicked`, `replied` = `replied` + excluded.`replied`, `interested` = `interested` + excluded.`interested`, `won` = `won` + excluded.`won`;
END;
