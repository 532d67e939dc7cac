ALTER TABLE `leads` ADD `timezone_source` text;--> statement-breakpoint
-- hand-written:
-- Zones analysed before the evidence was kept: say so rather than invent a source.
UPDATE `leads` SET `timezone_source` = 'analysis (before its evidence was recorded)' WHERE `timezone` IS NOT NULL AND `timezone_source` IS NULL;
