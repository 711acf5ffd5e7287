CREATE TABLE `alarm_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`shown` integer DEFAULT 1 NOT NULL,
	`handle_mode` text DEFAULT 'manual' NOT NULL,
	`measure` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alarm_settings_tenant_name_uq` ON `alarm_settings` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `alarm_settings_tenant_created_idx` ON `alarm_settings` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `build_companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`contact` text,
	`phone` text,
	`address` text,
	`remark` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `build_companies_tenant_name_uq` ON `build_companies` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `build_companies_tenant_created_idx` ON `build_companies` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `depositories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`manager` text,
	`phone` text,
	`remark` text,
	`state` integer DEFAULT 1 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `depositories_tenant_name_uq` ON `depositories` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `depositories_tenant_created_idx` ON `depositories` (`tenant_id`,`created_at`);