-- 保养计划 (/maintenancePlan, issue 42): preventive maintenance from live meters. A plan (a document: its machines or
-- an equipment type, its intervals by days, engine hours and km, its due-soon thresholds, its service items, its
-- notifications on or off), one schedule a plan and machine (what the recompute of app/modules/maintenance/meters.server.ts
-- writes: the meter now, the use of the last 30 days, the forecast due day and its state), the service records (保养记录,
-- a document with the items checked) and the meter readings (表读数: entered by hand or written by a service record;
-- voided with a reason, never deleted). A machine's meter is its last valid reading plus the hub's daily roll-ups since.
CREATE TABLE `maintenance_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`coverage` text NOT NULL,
	`equipment_type` text,
	`interval_days` integer,
	`interval_hours` integer,
	`interval_km` integer,
	`soon_days` integer DEFAULT 7 NOT NULL,
	`soon_hours` integer DEFAULT 25 NOT NULL,
	`soon_km` integer DEFAULT 500 NOT NULL,
	`start_on` text NOT NULL,
	`remark` text,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_plans_tenant_number_uq` ON `maintenance_plans` (`tenant_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_plans_tenant_name_uq` ON `maintenance_plans` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `maintenance_plans_tenant_created_idx` ON `maintenance_plans` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `maintenance_plan_vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `maintenance_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_plan_vehicles_plan_idx` ON `maintenance_plan_vehicles` (`tenant_id`,`plan_id`,`position`);--> statement-breakpoint
CREATE INDEX `maintenance_plan_vehicles_vehicle_idx` ON `maintenance_plan_vehicles` (`tenant_id`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `maintenance_plan_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`item` text NOT NULL,
	`description` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `maintenance_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_plan_items_plan_idx` ON `maintenance_plan_items` (`tenant_id`,`plan_id`,`position`);--> statement-breakpoint
CREATE TABLE `maintenance_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`start_on` text NOT NULL,
	`start_hours` integer,
	`start_km` integer,
	`last_on` text,
	`last_hours` integer,
	`last_km` integer,
	`meter_hours` integer,
	`meter_km` integer,
	`avg_hours` real,
	`avg_km` real,
	`due_on` text,
	`due_by` text,
	`days_left` integer,
	`hours_left` integer,
	`km_left` integer,
	`due_state` integer DEFAULT 0 NOT NULL,
	`urgency` text DEFAULT '' NOT NULL,
	`computed_on` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `maintenance_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_schedules_plan_vehicle_uq` ON `maintenance_schedules` (`tenant_id`,`plan_id`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `maintenance_schedules_urgency_idx` ON `maintenance_schedules` (`tenant_id`,`urgency`,`id`);--> statement-breakpoint
CREATE INDEX `maintenance_schedules_vehicle_idx` ON `maintenance_schedules` (`tenant_id`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `maintenance_schedules_state_idx` ON `maintenance_schedules` (`tenant_id`,`due_state`,`urgency`);--> statement-breakpoint
CREATE INDEX `maintenance_schedules_plan_state_idx` ON `maintenance_schedules` (`tenant_id`,`plan_id`,`due_state`);--> statement-breakpoint
CREATE TABLE `maintenance_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`plan_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`service_on` text NOT NULL,
	`hours` integer,
	`km` integer,
	`done_by` text,
	`cost` integer,
	`remark` text,
	`attachments` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `maintenance_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `maintenance_records_tenant_number_uq` ON `maintenance_records` (`tenant_id`,`number`);--> statement-breakpoint
-- one service of a plan a machine and day: twenty saves of the same record at once store one
CREATE UNIQUE INDEX `maintenance_records_once_a_day_uq` ON `maintenance_records` (`tenant_id`,`plan_id`,`vehicle_id`,`service_on`);--> statement-breakpoint
CREATE INDEX `maintenance_records_vehicle_idx` ON `maintenance_records` (`tenant_id`,`vehicle_id`,`service_on`);--> statement-breakpoint
CREATE INDEX `maintenance_records_tenant_day_idx` ON `maintenance_records` (`tenant_id`,`service_on`);--> statement-breakpoint
CREATE TABLE `maintenance_record_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`position` integer NOT NULL,
	`item` text NOT NULL,
	`result` text NOT NULL,
	`note` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`record_id`) REFERENCES `maintenance_records`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_record_items_record_idx` ON `maintenance_record_items` (`tenant_id`,`record_id`,`position`);--> statement-breakpoint
CREATE TABLE `meter_readings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`read_on` text NOT NULL,
	`hours` integer,
	`km` integer,
	`source` text NOT NULL,
	`service_id` integer,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`void_reason` text,
	`voided_by` integer,
	`voided_at` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `maintenance_records`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `meter_readings_vehicle_day_idx` ON `meter_readings` (`tenant_id`,`vehicle_id`,`read_on`,`id`);--> statement-breakpoint
CREATE INDEX `meter_readings_service_idx` ON `meter_readings` (`tenant_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `meter_readings_tenant_created_idx` ON `meter_readings` (`tenant_id`,`created_at`);--> statement-breakpoint
-- one valid reading by hand a machine and day: twenty posts of the same reading at once store one (a voided one
-- makes room for its correction)
CREATE UNIQUE INDEX `meter_readings_manual_day_uq` ON `meter_readings` (`tenant_id`,`vehicle_id`,`read_on`) WHERE `source` = 'manual' AND `state` = 0;--> statement-breakpoint
-- a meter never goes backwards between readings: a valid reading below an earlier one's figure, or above a later
-- one's, is refused by the database too (two concurrent readings each passed the save's check against the other's
-- absence); raised as a rule the save's checks then name (db/guard.ts isUniqueFailure)
CREATE TRIGGER `meter_readings_forward_bi` BEFORE INSERT ON `meter_readings` WHEN new.`state` = 0 BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: meter_readings.forward')
  WHERE EXISTS (
    SELECT 1 FROM `meter_readings` r
    WHERE r.`tenant_id` = new.`tenant_id` AND r.`vehicle_id` = new.`vehicle_id` AND r.`state` = 0
      AND ((r.`read_on` < new.`read_on` AND (r.`hours` > new.`hours` OR r.`km` > new.`km`))
        OR (r.`read_on` > new.`read_on` AND (r.`hours` < new.`hours` OR r.`km` < new.`km`)))
  );
END;
