CREATE TABLE `site_audits` (
	`lead_id` integer PRIMARY KEY NOT NULL,
	`measured` integer NOT NULL,
	`audit` text NOT NULL,
	`mobile_screenshot` blob,
	`desktop_screenshot` blob,
	`measured_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `search_position` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `search_query` text;