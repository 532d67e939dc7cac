ALTER TABLE `emails` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `sending_started_at` integer;--> statement-breakpoint
ALTER TABLE `emails` ADD `machine_open_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `emails` ADD `machine_click_count` integer DEFAULT 0 NOT NULL;