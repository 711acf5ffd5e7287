CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`hub_key` text NOT NULL,
	`kind` text NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`at` integer NOT NULL,
	`lng` real,
	`lat` real,
	`speed` real,
	`ref_id` integer,
	`detail` text,
	`handle_state` integer DEFAULT 0 NOT NULL,
	`handle_note` text,
	`handler_id` integer,
	`handled_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alarms_tenant_hub_key_uq` ON `alarms` (`tenant_id`,`hub_key`);--> statement-breakpoint
CREATE INDEX `alarms_tenant_at_idx` ON `alarms` (`tenant_id`,`at`);--> statement-breakpoint
CREATE INDEX `alarms_tenant_state_at_idx` ON `alarms` (`tenant_id`,`handle_state`,`at`);--> statement-breakpoint
CREATE INDEX `alarms_vehicle_at_idx` ON `alarms` (`vehicle_id`,`at`);--> statement-breakpoint
CREATE TABLE `drivers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`vehicle_id` integer,
	`doc_photo` text,
	`id_front_photo` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `drivers_tenant_created_idx` ON `drivers` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `drivers_vehicle_idx` ON `drivers` (`vehicle_id`);--> statement-breakpoint
CREATE TABLE `fence_vehicles` (
	`tenant_id` integer NOT NULL,
	`fence_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	PRIMARY KEY(`fence_id`, `vehicle_id`),
	FOREIGN KEY (`fence_id`) REFERENCES `fences`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fence_vehicles_vehicle_idx` ON `fence_vehicles` (`vehicle_id`);--> statement-breakpoint
CREATE TABLE `fences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`fence_type` text DEFAULT 'custom' NOT NULL,
	`shape` text NOT NULL,
	`coordinates` text NOT NULL,
	`radius` real,
	`alarm_in` integer DEFAULT 0 NOT NULL,
	`alarm_out` integer DEFAULT 0 NOT NULL,
	`speed_limit` real,
	`period1_start` text,
	`period1_end` text,
	`period2_start` text,
	`period2_end` text,
	`dwell_seconds` integer DEFAULT 30 NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fences_tenant_created_idx` ON `fences` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `line_vehicles` (
	`tenant_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	PRIMARY KEY(`line_id`, `vehicle_id`),
	FOREIGN KEY (`line_id`) REFERENCES `route_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `line_vehicles_vehicle_idx` ON `line_vehicles` (`vehicle_id`);--> statement-breakpoint
CREATE TABLE `marker_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`type_id` integer,
	`address` text,
	`lng` real NOT NULL,
	`lat` real NOT NULL,
	`contact1` text,
	`phone1` text,
	`contact2` text,
	`phone2` text,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`type_id`) REFERENCES `marker_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `marker_points_tenant_created_idx` ON `marker_points` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `marker_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`icon` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marker_types_tenant_name_uq` ON `marker_types` (`tenant_id`,`name`);--> statement-breakpoint
CREATE TABLE `route_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`start_name` text NOT NULL,
	`end_name` text NOT NULL,
	`path` text NOT NULL,
	`buffer_meters` real DEFAULT 200 NOT NULL,
	`off_route_alarm` integer DEFAULT 1 NOT NULL,
	`dwell_seconds` integer DEFAULT 30 NOT NULL,
	`level` integer DEFAULT 2 NOT NULL,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `route_lines_tenant_created_idx` ON `route_lines` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `terminal_commands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`result` text,
	`creator_id` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`done_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `terminal_commands_vehicle_state_idx` ON `terminal_commands` (`vehicle_id`,`state`);--> statement-breakpoint
CREATE INDEX `terminal_commands_tenant_created_idx` ON `terminal_commands` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_vehicles` (
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `vehicle_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_vehicles_vehicle_idx` ON `user_vehicles` (`vehicle_id`);--> statement-breakpoint
CREATE TABLE `vehicle_daily` (
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`day` text NOT NULL,
	`mileage_km` real DEFAULT 0 NOT NULL,
	`fuel_used_l` real DEFAULT 0 NOT NULL,
	`engine_seconds` integer DEFAULT 0 NOT NULL,
	`online_seconds` integer DEFAULT 0 NOT NULL,
	`alarm_count` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`cells` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`vehicle_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `vehicle_daily_tenant_day_idx` ON `vehicle_daily` (`tenant_id`,`day`);--> statement-breakpoint
CREATE TABLE `vehicle_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`hub_key` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_events_tenant_hub_key_uq` ON `vehicle_events` (`tenant_id`,`hub_key`);--> statement-breakpoint
CREATE INDEX `vehicle_events_vehicle_at_idx` ON `vehicle_events` (`vehicle_id`,`at`);--> statement-breakpoint
CREATE TABLE `vehicle_models` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`length` real,
	`width` real,
	`height` real,
	`volume` real,
	`fuel_alarm` real,
	`idle_coefficient` real,
	`announcement_no` text,
	`announcement_batch` text,
	`energy_type` text,
	`icon_running` text,
	`icon_stopped` text,
	`icon_offline` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_models_tenant_name_uq` ON `vehicle_models` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `vehicle_models_tenant_created_idx` ON `vehicle_models` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `vehicle_owners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`owner_type` text DEFAULT 'personal' NOT NULL,
	`id_number` text,
	`id_photo` text,
	`licence_photo` text,
	`phone` text,
	`authorized_user_id` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`authorized_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_owners_tenant_name_uq` ON `vehicle_owners` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `vehicle_owners_tenant_created_idx` ON `vehicle_owners` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`code` text,
	`plate` text NOT NULL,
	`vin` text,
	`terminal_no` text NOT NULL,
	`terminal_secret_hash` text,
	`device_ident` text,
	`sim1` text,
	`sim2` text,
	`model_id` integer,
	`self_no` text,
	`manufacture_date` text,
	`vehicle_type` text,
	`chassis_type` text,
	`engine_model` text,
	`sale_state` integer DEFAULT 0 NOT NULL,
	`pass_permit` text,
	`owner_id` integer,
	`installed` integer DEFAULT 1 NOT NULL,
	`installed_at` integer,
	`uninstalled_at` integer,
	`terminal_factory` text,
	`hardware_version` text,
	`software_version` text,
	`warranty_end` text,
	`video_channels` integer DEFAULT 0 NOT NULL,
	`assemblies` text,
	`device_type` text DEFAULT 'new' NOT NULL,
	`energy_type` text,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`model_id`) REFERENCES `vehicle_models`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `vehicle_owners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_terminal_no_uq` ON `vehicles` (`terminal_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_device_ident_uq` ON `vehicles` (`device_ident`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_tenant_plate_uq` ON `vehicles` (`tenant_id`,`plate`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_tenant_vin_uq` ON `vehicles` (`tenant_id`,`vin`);--> statement-breakpoint
CREATE INDEX `vehicles_tenant_created_idx` ON `vehicles` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vehicles_tenant_org_idx` ON `vehicles` (`tenant_id`,`org_id`);--> statement-breakpoint
-- Vehicle and alarm list totals come from row_counts (entities 'vehicle', 'alarm'), kept in step by triggers.
CREATE TRIGGER `vehicles_count_ai` AFTER INSERT ON `vehicles` BEGIN
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) VALUES (new.tenant_id, 'vehicle', 0);
  UPDATE `row_counts` SET n = n + 1 WHERE tenant_id = new.tenant_id AND entity = 'vehicle';
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_count_ad` AFTER DELETE ON `vehicles` BEGIN
  UPDATE `row_counts` SET n = n - 1 WHERE tenant_id = old.tenant_id AND entity = 'vehicle';
END;
--> statement-breakpoint
CREATE TRIGGER `alarms_count_ai` AFTER INSERT ON `alarms` BEGIN
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) VALUES (new.tenant_id, 'alarm', 0);
  UPDATE `row_counts` SET n = n + 1 WHERE tenant_id = new.tenant_id AND entity = 'alarm';
END;
--> statement-breakpoint
CREATE TRIGGER `alarms_count_ad` AFTER DELETE ON `alarms` BEGIN
  UPDATE `row_counts` SET n = n - 1 WHERE tenant_id = old.tenant_id AND entity = 'alarm';
END;
