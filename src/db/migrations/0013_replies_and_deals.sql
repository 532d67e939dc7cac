CREATE TABLE `replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email_id` integer NOT NULL,
	`lead_id` integer NOT NULL,
	`campaign_id` integer,
	`message_key` text NOT NULL,
	`message_id` text,
	`from_address` text NOT NULL,
	`from_name` text,
	`subject` text,
	`text` text NOT NULL,
	`raw` text,
	`received_at` integer NOT NULL,
	`read_at` integer,
	`class` text,
	`sentiment` text,
	`class_source` text,
	`classified_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`email_id`) REFERENCES `emails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `replies_message_key_unique` ON `replies` (`message_key`);--> statement-breakpoint
CREATE INDEX `replies_received_idx` ON `replies` (`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `replies_unread_idx` ON `replies` (`read_at`,`received_at`);--> statement-breakpoint
CREATE INDEX `replies_lead_idx` ON `replies` (`lead_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `replies_email_idx` ON `replies` (`email_id`);--> statement-breakpoint
CREATE INDEX `replies_class_idx` ON `replies` (`class`,`received_at`);--> statement-breakpoint
ALTER TABLE `leads` ADD `deal_stage` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `deal_value` real;--> statement-breakpoint
ALTER TABLE `leads` ADD `deal_stage_at` integer;--> statement-breakpoint
CREATE INDEX `leads_deal_idx` ON `leads` (`deal_stage`,`deal_stage_at`) WHERE deal_stage IS NOT NULL;--> statement-breakpoint
-- hand-written:
-- A lead already converted has won its deal.
UPDATE `leads` SET `deal_stage` = 'won', `deal_stage_at` = `updated_at` WHERE `status` = 'CONVERTED';
