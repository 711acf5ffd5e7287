CREATE TABLE `document_numbers` (
	`tenant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `kind`, `period`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`cron` text NOT NULL,
	`scheduled_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text NOT NULL,
	`result` text,
	`error` text,
	CONSTRAINT "job_runs_outcome" CHECK("job_runs"."outcome" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_job_scheduled_uq` ON `job_runs` (`job`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `job_runs_started_idx` ON `job_runs` (`started_at`);