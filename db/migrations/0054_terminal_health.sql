-- 健康检测 (issue 43, /stateReport's 健康检测 tab): a detection run of one machine's terminal over a window (the last
-- day by default): each check of the data it sent (positions received against expected, GNSS fix, time drift, supply
-- voltage, CAN data, fault codes) with its finding in `findings` (JSON), and the grade: healthy (健康), subHealthy (亚健康)
-- or serious (严重). A run is made on demand (manual), by the daily job (daily: one a machine and tenant day, the partial
-- unique index), or as the retest (复检) of an earlier run (retest_of names it; both are kept). A sub-healthy or serious
-- run is a health alarm until handled: handled_at, handler_id and the required description handle_note (spec §5).
CREATE TABLE `terminal_health_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`day` text NOT NULL,
	`trigger` text NOT NULL,
	`window_from` integer NOT NULL,
	`window_to` integer NOT NULL,
	`grade` text NOT NULL,
	`findings` text NOT NULL,
	`retest_of` integer,
	`handled_at` integer,
	`handler_id` integer,
	`handle_note` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`retest_of`) REFERENCES `terminal_health_checks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `terminal_health_checks_tenant_created_idx` ON `terminal_health_checks` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `terminal_health_checks_vehicle_idx` ON `terminal_health_checks` (`tenant_id`,`vehicle_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `terminal_health_checks_open_idx` ON `terminal_health_checks` (`tenant_id`,`handled_at`,`grade`);--> statement-breakpoint
CREATE UNIQUE INDEX `terminal_health_checks_daily_uq` ON `terminal_health_checks` (`vehicle_id`,`day`) WHERE `trigger` = 'daily';
