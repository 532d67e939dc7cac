ALTER TABLE `lead_analyses` ADD `site_state` text;--> statement-breakpoint
ALTER TABLE `lead_analyses` ADD `findings` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_analyses` ADD `evidence` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_analyses` ADD `analytics` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_analyses` ADD `live_chat_platform` text;