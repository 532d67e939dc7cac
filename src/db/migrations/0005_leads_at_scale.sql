CREATE TABLE `dashboard_counters` (
	`id` integer PRIMARY KEY NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`emails` integer DEFAULT 0 NOT NULL,
	`emails_sent` integer DEFAULT 0 NOT NULL,
	`emails_opened` integer DEFAULT 0 NOT NULL,
	`emails_replied` integer DEFAULT 0 NOT NULL,
	`leads_emailed` integer DEFAULT 0 NOT NULL,
	`leads_emailed_converted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `leads_status_idx`;--> statement-breakpoint
DROP INDEX `leads_business_category_idx`;--> statement-breakpoint
DROP INDEX `leads_discovered_at_idx`;--> statement-breakpoint
DROP INDEX `leads_campaign_id_idx`;--> statement-breakpoint
DROP INDEX `leads_campaign_status_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `sent_emails` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `category_key` text GENERATED ALWAYS AS (lower(business_category)) VIRTUAL;--> statement-breakpoint
ALTER TABLE `leads` ADD `has_email` integer GENERATED ALWAYS AS (contact_email IS NOT NULL AND contact_email <> '') VIRTUAL;--> statement-breakpoint
ALTER TABLE `leads` ADD `opportunity_key` integer GENERATED ALWAYS AS (coalesce(market_opportunity_score, -1)) VIRTUAL;--> statement-breakpoint
ALTER TABLE `leads` ADD `urgency_key` integer GENERATED ALWAYS AS (coalesce(urgency_score, -1)) VIRTUAL;--> statement-breakpoint
ALTER TABLE `leads` ADD `industry_key` text GENERATED ALWAYS AS (CASE WHEN coalesce(industry, '') = '' THEN '1' ELSE '0' || lower(industry) END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `leads` ADD `city_key` text GENERATED ALWAYS AS (CASE WHEN coalesce(city, '') = '' THEN '1' ELSE '0' || lower(city) END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `leads_list_all_discovered_at_idx` ON `leads` (`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_all_opportunity_idx` ON `leads` (`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_all_urgency_idx` ON `leads` (`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_all_industry_idx` ON `leads` (`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_all_location_idx` ON `leads` (`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_discovered_at_idx` ON `leads` (`status`,`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_opportunity_idx` ON `leads` (`status`,`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_urgency_idx` ON `leads` (`status`,`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_industry_idx` ON `leads` (`status`,`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_location_idx` ON `leads` (`status`,`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_category_discovered_at_idx` ON `leads` (`category_key`,`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_category_opportunity_idx` ON `leads` (`category_key`,`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_category_urgency_idx` ON `leads` (`category_key`,`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_category_industry_idx` ON `leads` (`category_key`,`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_category_location_idx` ON `leads` (`category_key`,`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_category_discovered_at_idx` ON `leads` (`status`,`category_key`,`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_category_opportunity_idx` ON `leads` (`status`,`category_key`,`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_category_urgency_idx` ON `leads` (`status`,`category_key`,`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_category_industry_idx` ON `leads` (`status`,`category_key`,`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_status_category_location_idx` ON `leads` (`status`,`category_key`,`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_campaign_discovered_at_idx` ON `leads` (`campaign_id`,`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_campaign_opportunity_idx` ON `leads` (`campaign_id`,`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_campaign_urgency_idx` ON `leads` (`campaign_id`,`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_campaign_industry_idx` ON `leads` (`campaign_id`,`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_campaign_location_idx` ON `leads` (`campaign_id`,`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_email_discovered_at_idx` ON `leads` (`has_email`,`discovered_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_email_opportunity_idx` ON `leads` (`has_email`,`opportunity_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_email_urgency_idx` ON `leads` (`has_email`,`urgency_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_email_industry_idx` ON `leads` (`has_email`,`industry_key`,`id`);--> statement-breakpoint
CREATE INDEX `leads_list_email_location_idx` ON `leads` (`has_email`,`city_key`,`id`);--> statement-breakpoint
CREATE INDEX `emails_lead_id_idx` ON `emails` (`lead_id`);--> statement-breakpoint
CREATE INDEX `emails_sent_at_idx` ON `emails` (`sent_at`);--> statement-breakpoint
-- Hand-written from here on (drizzle-kit does not model triggers or FTS5).
-- "Sent" below is SENT_EMAIL_STATUSES of src/core/model/lead.ts: SENT, OPENED, CLICKED, REPLIED.
-- Backfill first, then the triggers keep everything in step within each writing transaction.
UPDATE `leads` SET `sent_emails` = s.n
FROM (SELECT `lead_id`, count(*) AS n FROM `emails` WHERE `status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') GROUP BY `lead_id`) AS s
WHERE `leads`.`id` = s.`lead_id`;--> statement-breakpoint
INSERT INTO `dashboard_counters` (`id`, `leads`, `emails`, `emails_sent`, `emails_opened`, `emails_replied`, `leads_emailed`, `leads_emailed_converted`)
SELECT 1,
  (SELECT count(*) FROM `leads`),
  count(*),
  coalesce(sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')), 0),
  coalesce(sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND `opened_at` IS NOT NULL), 0),
  coalesce(sum(`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND `replied_at` IS NOT NULL), 0),
  (SELECT count(*) FROM `leads` WHERE `sent_emails` > 0),
  (SELECT count(*) FROM `leads` WHERE `sent_emails` > 0 AND `status` = 'CONVERTED')
FROM `emails`;--> statement-breakpoint
CREATE TRIGGER `emails_counters_insert` AFTER INSERT ON `emails` BEGIN
  UPDATE `dashboard_counters` SET
    `emails` = `emails` + 1,
    `emails_sent` = `emails_sent` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`replied_at` IS NOT NULL)
  WHERE `id` = 1;
  UPDATE `leads` SET `sent_emails` = `sent_emails` + 1 WHERE `id` = new.`lead_id` AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED');
END;--> statement-breakpoint
CREATE TRIGGER `emails_counters_delete` AFTER DELETE ON `emails` BEGIN
  UPDATE `dashboard_counters` SET
    `emails` = `emails` - 1,
    `emails_sent` = `emails_sent` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`replied_at` IS NOT NULL)
  WHERE `id` = 1;
  UPDATE `leads` SET `sent_emails` = `sent_emails` - 1 WHERE `id` = old.`lead_id` AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED');
END;--> statement-breakpoint
CREATE TRIGGER `emails_counters_update` AFTER UPDATE OF `status`, `opened_at`, `replied_at`, `lead_id` ON `emails` BEGIN
  UPDATE `dashboard_counters` SET
    `emails_sent` = `emails_sent` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')) - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')),
    `emails_opened` = `emails_opened` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`opened_at` IS NOT NULL)
      - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`opened_at` IS NOT NULL),
    `emails_replied` = `emails_replied` + (new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND new.`replied_at` IS NOT NULL)
      - (old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') AND old.`replied_at` IS NOT NULL)
  WHERE `id` = 1;
  UPDATE `leads` SET `sent_emails` = `sent_emails` - 1
  WHERE `id` = old.`lead_id` AND old.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')
    AND (new.`status` NOT IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') OR new.`lead_id` <> old.`lead_id`);
  UPDATE `leads` SET `sent_emails` = `sent_emails` + 1
  WHERE `id` = new.`lead_id` AND new.`status` IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED')
    AND (old.`status` NOT IN ('SENT', 'OPENED', 'CLICKED', 'REPLIED') OR new.`lead_id` <> old.`lead_id`);
END;--> statement-breakpoint
CREATE TRIGGER `leads_counters_insert` AFTER INSERT ON `leads` BEGIN
  UPDATE `dashboard_counters` SET
    `leads` = `leads` + 1,
    `leads_emailed` = `leads_emailed` + (new.`sent_emails` > 0),
    `leads_emailed_converted` = `leads_emailed_converted` + (new.`sent_emails` > 0 AND new.`status` = 'CONVERTED')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `leads_counters_delete` AFTER DELETE ON `leads` BEGIN
  UPDATE `dashboard_counters` SET
    `leads` = `leads` - 1,
    `leads_emailed` = `leads_emailed` - (old.`sent_emails` > 0),
    `leads_emailed_converted` = `leads_emailed_converted` - (old.`sent_emails` > 0 AND old.`status` = 'CONVERTED')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `leads_counters_update` AFTER UPDATE OF `status`, `sent_emails` ON `leads`
WHEN (new.`sent_emails` > 0) <> (old.`sent_emails` > 0) OR (new.`status` = 'CONVERTED') <> (old.`status` = 'CONVERTED') BEGIN
  UPDATE `dashboard_counters` SET
    `leads_emailed` = `leads_emailed` + (new.`sent_emails` > 0) - (old.`sent_emails` > 0),
    `leads_emailed_converted` = `leads_emailed_converted` + (new.`sent_emails` > 0 AND new.`status` = 'CONVERTED') - (old.`sent_emails` > 0 AND old.`status` = 'CONVERTED')
  WHERE `id` = 1;
END;--> statement-breakpoint
-- Full-text search of the Leads list (?search=): an external-content index over leads, kept in step by triggers.
CREATE VIRTUAL TABLE `leads_fts` USING fts5(
  `company_name`, `title`, `hostname`, `contact_email`, `city`,
  content = 'leads', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
INSERT INTO `leads_fts` (`leads_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `leads_fts_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `leads_fts` (`rowid`, `company_name`, `title`, `hostname`, `contact_email`, `city`)
  VALUES (new.`id`, new.`company_name`, new.`title`, new.`hostname`, new.`contact_email`, new.`city`);
END;--> statement-breakpoint
CREATE TRIGGER `leads_fts_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `leads_fts` (`leads_fts`, `rowid`, `company_name`, `title`, `hostname`, `contact_email`, `city`)
  VALUES ('delete', old.`id`, old.`company_name`, old.`title`, old.`hostname`, old.`contact_email`, old.`city`);
END;--> statement-breakpoint
CREATE TRIGGER `leads_fts_update` AFTER UPDATE OF `company_name`, `title`, `hostname`, `contact_email`, `city` ON `leads`
WHEN new.`company_name` IS NOT old.`company_name` OR new.`title` IS NOT old.`title` OR new.`hostname` IS NOT old.`hostname`
  OR new.`contact_email` IS NOT old.`contact_email` OR new.`city` IS NOT old.`city` BEGIN
  INSERT INTO `leads_fts` (`leads_fts`, `rowid`, `company_name`, `title`, `hostname`, `contact_email`, `city`)
  VALUES ('delete', old.`id`, old.`company_name`, old.`title`, old.`hostname`, old.`contact_email`, old.`city`);
  INSERT INTO `leads_fts` (`rowid`, `company_name`, `title`, `hostname`, `contact_email`, `city`)
  VALUES (new.`id`, new.`company_name`, new.`title`, new.`hostname`, new.`contact_email`, new.`city`);
END;
