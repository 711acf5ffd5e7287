-- 风电管理 (/windManage): a wind-farm lifting project (风电项目) with its cranes (each with its wind limit), its turbine
-- positions (机位: hub height, the installation stage reached) and its stop-work log (停工记录: a day, from and to, why,
-- the wind measured). A document of the house with three lines tables; its declaration is app/modules/wind/. The wall
-- screens /windScreen and /windScreenOwner read it.
CREATE TABLE `wind_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`owner_id` integer,
	`org_id` integer,
	`site` text NOT NULL,
	`turbine_model` text,
	`capacity_mw` integer,
	`start_on` text NOT NULL,
	`planned_end_on` text,
	`wind_limit` integer,
	`remark` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wind_projects_tenant_number_uq` ON `wind_projects` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `wind_projects_tenant_created_idx` ON `wind_projects` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wind_projects_tenant_state_idx` ON `wind_projects` (`tenant_id`,`state`);--> statement-breakpoint
CREATE TABLE `wind_project_cranes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`position` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`role` text,
	`wind_limit` integer,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `wind_projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wind_project_cranes_project_idx` ON `wind_project_cranes` (`tenant_id`,`project_id`,`position`);--> statement-breakpoint
CREATE INDEX `wind_project_cranes_vehicle_idx` ON `wind_project_cranes` (`tenant_id`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `wind_project_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`position` integer NOT NULL,
	`position_no` text NOT NULL,
	`hub_height` integer,
	`stage` text NOT NULL,
	`done_on` text,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `wind_projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wind_project_positions_project_idx` ON `wind_project_positions` (`tenant_id`,`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `wind_project_stops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`position` integer NOT NULL,
	`stop_on` text NOT NULL,
	`from_time` text NOT NULL,
	`to_time` text,
	`reason` text NOT NULL,
	`wind_speed` integer,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `wind_projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wind_project_stops_project_idx` ON `wind_project_stops` (`tenant_id`,`project_id`,`position`);
