CREATE TABLE `sending_pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`cause` text NOT NULL,
	`reason` text NOT NULL,
	`figures` text NOT NULL,
	`paused_at` integer NOT NULL,
	`resumed_at` integer,
	`resumed_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sending_pauses_active_unique` ON `sending_pauses` (`key`) WHERE resumed_at IS NULL;--> statement-breakpoint
CREATE INDEX `sending_pauses_key_idx` ON `sending_pauses` (`key`,`resumed_at`);--> statement-breakpoint
CREATE TABLE `sending_signals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email_id` integer NOT NULL,
	`campaign_id` integer,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`provider_event_id` text,
	`at_send` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`email_id`) REFERENCES `emails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sending_signals_email_kind_unique` ON `sending_signals` (`email_id`,`kind`);--> statement-breakpoint
CREATE INDEX `sending_signals_at_send_idx` ON `sending_signals` (`at_send`,`created_at`);