CREATE TABLE `address_checks` (
	`address` text PRIMARY KEY NOT NULL,
	`verdict` text NOT NULL,
	`reason` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_domain_checks` (
	`domain` text PRIMARY KEY NOT NULL,
	`verdict` text NOT NULL,
	`reason` text NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `emails` ADD `recipient_verdict` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `recipient_reason` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `recipient_checked_at` integer;--> statement-breakpoint
ALTER TABLE `emails` ADD `risk_accepted_at` integer;