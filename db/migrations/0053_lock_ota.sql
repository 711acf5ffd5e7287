-- 锁车管理 and OTA (/lockCarManage, issue 43; docs/terminals.md). A lock task asks a machine's terminal for one
-- operation (activate, lock1, lock2, unlock, close); it carries the command queued for it, and what it shows is that
-- command's state. A lock of a machine on rent waits in approval (state 1) and gets its command at the last approval.
CREATE TABLE `lock_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`vehicle_id` integer NOT NULL,
	`operation` text NOT NULL,
	`reason` text,
	`contract_id` integer,
	`stop_act_id` integer,
	`command_id` integer,
	`state` integer NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`command_id`) REFERENCES `terminal_commands`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX `lock_tasks_tenant_number_uq` ON `lock_tasks` (`tenant_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `lock_tasks_command_uq` ON `lock_tasks` (`command_id`) WHERE command_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `lock_tasks_tenant_created_idx` ON `lock_tasks` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lock_tasks_vehicle_idx` ON `lock_tasks` (`tenant_id`,`vehicle_id`,`created_at`);--> statement-breakpoint
-- 应急解锁: the code is never stored (it is derived again from the terminal number and the device time); the device
-- time, the reason, who and when are.
CREATE TABLE `lock_emergencies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`device_time` text NOT NULL,
	`reason` text NOT NULL,
	`creator_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `lock_emergencies_vehicle_idx` ON `lock_emergencies` (`tenant_id`,`vehicle_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lock_emergencies_tenant_created_idx` ON `lock_emergencies` (`tenant_id`,`created_at`);--> statement-breakpoint
-- A version package: its ZIP in R2 (uploaded in parts; uploaded_at empty until the last part is in), its version code
-- unique in the tenant whatever its case: of concurrent uploads of one code, one is kept.
CREATE TABLE `ota_packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`version_code` text NOT NULL,
	`description` text,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`upload_id` text,
	`uploaded_at` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX `ota_packages_tenant_version_uq` ON `ota_packages` (`tenant_id`,lower(`version_code`));--> statement-breakpoint
CREATE INDEX `ota_packages_tenant_created_idx` ON `ota_packages` (`tenant_id`,`created_at`);--> statement-breakpoint
-- An upgrade task: a package sent to a set of machines, each with its current command (a retry gives a failed one a
-- new command); its progress and its state (finished when every machine succeeded or failed) are read from them.
CREATE TABLE `ota_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`package_id` integer NOT NULL,
	`upgrade_type` text NOT NULL,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `ota_packages`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX `ota_tasks_tenant_number_uq` ON `ota_tasks` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `ota_tasks_tenant_created_idx` ON `ota_tasks` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ota_tasks_package_idx` ON `ota_tasks` (`tenant_id`,`package_id`);--> statement-breakpoint
CREATE TABLE `ota_task_vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`command_id` integer,
	`attempts` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `ota_tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`command_id`) REFERENCES `terminal_commands`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX `ota_task_vehicles_task_vehicle_uq` ON `ota_task_vehicles` (`task_id`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `ota_task_vehicles_tenant_task_idx` ON `ota_task_vehicles` (`tenant_id`,`task_id`);--> statement-breakpoint
CREATE INDEX `ota_task_vehicles_command_idx` ON `ota_task_vehicles` (`command_id`);--> statement-breakpoint
-- the expiry job's read: pending commands past their expiry
CREATE INDEX `terminal_commands_pending_expiry_idx` ON `terminal_commands` (`expires_at`) WHERE `state` = 'pending';
