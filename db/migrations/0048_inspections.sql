-- 工序管理, 巡检计划, 个人巡检 and 异常上报 (issue 42): the check procedures (点检 / 巡检 / 保养 templates per equipment
-- type, their items of each kind, a revision that every save raises), the plans that say which machines are checked
-- by which procedure, how often and by whom (the daily job makes their tasks, once a plan, machine and day), the
-- records an inspector fills in (each keeping the procedure's items and revision it used), and the abnormalities a
-- failed item, a fault alarm or a person raises. Declarations in app/modules/inspections/.
CREATE TABLE `inspection_procedures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`equipment_type` text,
	`pre_use` integer DEFAULT 0 NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inspection_procedures_tenant_number_uq` ON `inspection_procedures` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `inspection_procedures_tenant_type_idx` ON `inspection_procedures` (`tenant_id`,`equipment_type`,`pre_use`,`state`);--> statement-breakpoint
CREATE TABLE `inspection_procedure_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`procedure_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`item_kind` text NOT NULL,
	`standard` text,
	`unit` text,
	`min_value` integer,
	`max_value` integer,
	`choices` text,
	`fail_choices` text,
	`required` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`procedure_id`) REFERENCES `inspection_procedures`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inspection_procedure_items_procedure_idx` ON `inspection_procedure_items` (`tenant_id`,`procedure_id`,`position`);--> statement-breakpoint
CREATE TABLE `inspection_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`procedure_id` integer NOT NULL,
	`frequency` text NOT NULL,
	`weekday` text,
	`every` integer,
	`assignee_id` integer NOT NULL,
	`start_on` text NOT NULL,
	`end_on` text,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`procedure_id`) REFERENCES `inspection_procedures`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inspection_plans_tenant_number_uq` ON `inspection_plans` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `inspection_plans_tenant_state_idx` ON `inspection_plans` (`tenant_id`,`state`);--> statement-breakpoint
CREATE TABLE `inspection_plan_vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `inspection_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inspection_plan_vehicles_plan_idx` ON `inspection_plan_vehicles` (`tenant_id`,`plan_id`,`position`);--> statement-breakpoint
CREATE INDEX `inspection_plan_vehicles_vehicle_idx` ON `inspection_plan_vehicles` (`tenant_id`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `inspection_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` integer,
	`vehicle_id` integer NOT NULL,
	`procedure_id` integer NOT NULL,
	`assignee_id` integer NOT NULL,
	`due_on` text NOT NULL,
	`retest_of` integer,
	`record_id` integer,
	`state` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `inspection_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`procedure_id`) REFERENCES `inspection_procedures`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- a plan's machine has one task a day (the job may run twice); a record is retested once at a time
CREATE UNIQUE INDEX `inspection_tasks_plan_day_uq` ON `inspection_tasks` (`plan_id`,`vehicle_id`,`due_on`) WHERE `plan_id` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `inspection_tasks_retest_uq` ON `inspection_tasks` (`retest_of`) WHERE `retest_of` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inspection_tasks_assignee_idx` ON `inspection_tasks` (`tenant_id`,`assignee_id`,`state`,`due_on`);--> statement-breakpoint
CREATE INDEX `inspection_tasks_vehicle_idx` ON `inspection_tasks` (`tenant_id`,`vehicle_id`,`due_on`);--> statement-breakpoint
CREATE TABLE `inspection_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`task_id` integer,
	`vehicle_id` integer NOT NULL,
	`procedure_id` integer NOT NULL,
	`procedure_revision` integer NOT NULL,
	`procedure_name` text NOT NULL,
	`kind` text NOT NULL,
	`pre_use` integer DEFAULT 0 NOT NULL,
	`inspector_id` integer NOT NULL,
	`done_on` text NOT NULL,
	`passed` integer NOT NULL,
	`failed_items` integer DEFAULT 0 NOT NULL,
	`retest_of` integer,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `inspection_tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`procedure_id`) REFERENCES `inspection_procedures`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`inspector_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inspection_records_tenant_number_uq` ON `inspection_records` (`tenant_id`,`number`);--> statement-breakpoint
-- a task is done by one record (the same post twice stores one)
CREATE UNIQUE INDEX `inspection_records_task_uq` ON `inspection_records` (`task_id`) WHERE `task_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inspection_records_vehicle_day_idx` ON `inspection_records` (`tenant_id`,`vehicle_id`,`done_on`,`pre_use`,`passed`);--> statement-breakpoint
CREATE INDEX `inspection_records_tenant_created_idx` ON `inspection_records` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `inspection_record_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`item_kind` text NOT NULL,
	`standard` text,
	`unit` text,
	`min_value` integer,
	`max_value` integer,
	`value` text,
	`passed` integer,
	`photos` text,
	`note` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`record_id`) REFERENCES `inspection_records`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inspection_record_items_record_idx` ON `inspection_record_items` (`tenant_id`,`record_id`,`position`);--> statement-breakpoint
CREATE TABLE `abnormalities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`vehicle_id` integer NOT NULL,
	`source` text NOT NULL,
	`record_id` integer,
	`record_item` integer,
	`alarm_id` integer,
	`title` text NOT NULL,
	`detail` text,
	`severity` text NOT NULL,
	`found_on` text NOT NULL,
	`attachments` text,
	`close_reason` text,
	`closed_by` integer,
	`closed_at` integer,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`record_id`) REFERENCES `inspection_records`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `abnormalities_tenant_number_uq` ON `abnormalities` (`tenant_id`,`number`);--> statement-breakpoint
-- one abnormality an alarm (raised twice at once: one stored)
CREATE UNIQUE INDEX `abnormalities_alarm_uq` ON `abnormalities` (`alarm_id`) WHERE `alarm_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `abnormalities_tenant_state_idx` ON `abnormalities` (`tenant_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `abnormalities_vehicle_idx` ON `abnormalities` (`tenant_id`,`vehicle_id`,`state`);
