CREATE TABLE `row_counts` (
	`tenant_id` integer NOT NULL,
	`entity` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `entity`)
);
