CREATE TABLE `lead_list_entries` (
	`list_id` integer NOT NULL,
	`line` integer NOT NULL,
	`url` text NOT NULL,
	`hostname` text NOT NULL,
	`name` text,
	`email` text,
	`contact_name` text,
	`phone` text,
	`address` text,
	`city` text,
	PRIMARY KEY(`list_id`, `line`),
	FOREIGN KEY (`list_id`) REFERENCES `lead_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lead_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `campaigns` ADD `lead_list_id` integer REFERENCES lead_lists(id);--> statement-breakpoint
ALTER TABLE `leads` ADD `contact_email_source` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `list_email` text;