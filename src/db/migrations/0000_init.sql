CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`full_name` text,
	`role` text DEFAULT 'user' NOT NULL,
	`password_hash` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`last_login` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`search_query` text NOT NULL,
	`industry` text,
	`location` text,
	`mode` text DEFAULT 'test' NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`max_results` integer,
	`max_emails` integer,
	`total_leads` integer DEFAULT 0 NOT NULL,
	`processed_leads` integer DEFAULT 0 NOT NULL,
	`emails_sent` integer DEFAULT 0 NOT NULL,
	`emails_opened` integer DEFAULT 0 NOT NULL,
	`emails_replied` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`current_website_url` text,
	`phase` text,
	`last_error` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`);--> statement-breakpoint
CREATE INDEX `campaigns_created_at_idx` ON `campaigns` (`created_at`);--> statement-breakpoint
CREATE TABLE `interactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`email_id` integer,
	`interaction_type` text NOT NULL,
	`description` text,
	`metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`email_id`) REFERENCES `emails`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `interactions_lead_created_idx` ON `interactions` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lead_analyses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`has_ssl` integer,
	`is_mobile_responsive` integer,
	`has_ecommerce` integer,
	`has_online_booking` integer,
	`technical_issues` text NOT NULL,
	`opportunity_result` text,
	`cms_platform` text,
	`ecommerce_platform` text,
	`booking_platform` text,
	`has_contact_form` integer,
	`has_live_chat` integer,
	`has_analytics` integer,
	`accessibility_score` integer,
	`unoptimized_images_count` integer,
	`crawl_log` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_analyses_lead_id_unique` ON `lead_analyses` (`lead_id`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`title` text,
	`hostname` text NOT NULL,
	`company_name` text,
	`status` text DEFAULT 'NEW' NOT NULL,
	`business_category` text,
	`business_summary` text,
	`contact_email` text,
	`contact_name` text,
	`phone_number` text,
	`address` text,
	`city` text,
	`state_province` text,
	`country` text,
	`business_hours` text,
	`company_size` text,
	`revenue_range` text,
	`budget_estimate` text,
	`employee_count` integer,
	`annual_revenue` real,
	`industry` text,
	`industry_specific` text,
	`location` text,
	`website_language` text,
	`timezone` text,
	`founded_year` integer,
	`market_opportunity_score` integer,
	`urgency_score` integer,
	`website_quality_score` integer,
	`traffic_estimate` text,
	`lead_score` integer,
	`priority` text,
	`lead_source` text,
	`assigned_to` text,
	`notes` text,
	`tags` text NOT NULL,
	`services_offered` text NOT NULL,
	`technology_stack` text NOT NULL,
	`sales_intelligence` text,
	`discovered_at` integer NOT NULL,
	`analyzed_at` integer,
	`campaign_id` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_hostname_unique` ON `leads` (`hostname`);--> statement-breakpoint
CREATE INDEX `leads_status_idx` ON `leads` (`status`);--> statement-breakpoint
CREATE INDEX `leads_business_category_idx` ON `leads` (`business_category`);--> statement-breakpoint
CREATE INDEX `leads_discovered_at_idx` ON `leads` (`discovered_at`);--> statement-breakpoint
CREATE INDEX `leads_campaign_id_idx` ON `leads` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `leads_campaign_status_idx` ON `leads` (`campaign_id`,`status`);--> statement-breakpoint
CREATE TABLE `emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer,
	`lead_id` integer NOT NULL,
	`step` integer DEFAULT 1 NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`recipient_email` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`quality_score` real,
	`quality_breakdown` text,
	`provider` text,
	`provider_message_id` text,
	`scheduled_send_time` integer,
	`generated_at` integer,
	`sent_at` integer,
	`opened_at` integer,
	`clicked_at` integer,
	`replied_at` integer,
	`open_count` integer DEFAULT 0 NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `emails_campaign_lead_step_unique` ON `emails` (`campaign_id`,`lead_id`,`step`);--> statement-breakpoint
CREATE INDEX `emails_status_idx` ON `emails` (`status`);--> statement-breakpoint
CREATE INDEX `emails_campaign_id_idx` ON `emails` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `emails_status_scheduled_idx` ON `emails` (`status`,`scheduled_send_time`);--> statement-breakpoint
CREATE TABLE `suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`source` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer,
	`lead_id` integer,
	`activity_type` text NOT NULL,
	`status` text DEFAULT 'info' NOT NULL,
	`message` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_campaign_created_idx` ON `activity` (`campaign_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_created_at_idx` ON `activity` (`created_at`);--> statement-breakpoint
CREATE TABLE `usage_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service` text NOT NULL,
	`operation` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`cost_usd` real DEFAULT 0 NOT NULL,
	`campaign_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `usage_events_service_created_idx` ON `usage_events` (`service`,`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`category` text,
	`encrypted` integer DEFAULT false NOT NULL,
	`description` text,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`lead_id` integer,
	`stage` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`run_after` integer NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`last_error` text,
	`payload` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_campaign_lead_stage_unique` ON `jobs` (`campaign_id`,`lead_id`,`stage`);--> statement-breakpoint
CREATE INDEX `jobs_status_run_after_idx` ON `jobs` (`status`,`run_after`);--> statement-breakpoint
CREATE INDEX `jobs_lease_expires_at_idx` ON `jobs` (`lease_expires_at`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cron` text NOT NULL,
	`campaign_id` integer,
	`query` text,
	`enabled` integer DEFAULT true NOT NULL,
	`last_run_at` integer,
	`next_run_at` integer,
	`running_since` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedules_next_run_at_idx` ON `schedules` (`next_run_at`);