CREATE TABLE `campaign_mailboxes` (
	`campaign_id` integer NOT NULL,
	`mailbox_id` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `mailbox_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_mailboxes_mailbox_idx` ON `campaign_mailboxes` (`mailbox_id`);--> statement-breakpoint
CREATE TABLE `mailboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`provider` text NOT NULL,
	`credential` text,
	`from_email` text,
	`from_name` text,
	`signature` text,
	`daily_cap` integer,
	`min_spacing_seconds` integer DEFAULT 0 NOT NULL,
	`ramp` integer DEFAULT true NOT NULL,
	`ramp_started_at` integer NOT NULL,
	`paused_at` integer,
	`paused_reason` text,
	`tested_at` integer,
	`test_result` text,
	`test_ok` integer,
	`last_error` text,
	`last_error_at` integer,
	`removed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `emails` ADD `mailbox_id` integer REFERENCES mailboxes(id);--> statement-breakpoint
CREATE INDEX `emails_mailbox_sent_idx` ON `emails` (`mailbox_id`,`sent_at`);--> statement-breakpoint
-- Today's single email configuration becomes mailbox 1: its provider, credentials, sender and
-- signature stay in Settings → Email (nothing an operator set moves or is lost), with no cap,
-- spacing or ramp of its own, as before (the daily email quota and campaign targets still hold).
-- Its ramp day counts from its first send, so its history is its own.
INSERT INTO `mailboxes` (`id`, `label`, `provider`, `daily_cap`, `min_spacing_seconds`, `ramp`, `ramp_started_at`, `created_at`, `updated_at`)
VALUES (1, 'Primary', 'settings', NULL, 0, 0,
  COALESCE((SELECT MIN(`sent_at`) FROM `emails` WHERE `sent_at` IS NOT NULL), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
  CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
