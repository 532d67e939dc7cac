ALTER TABLE `campaigns` ADD `sequence_steps` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `follow_up_days` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `stop_on_click` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `sequence_stop_reason` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `in_reply_to` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `references` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `next_step_due_at` integer;--> statement-breakpoint
CREATE INDEX `emails_next_step_due_idx` ON `emails` (`next_step_due_at`);