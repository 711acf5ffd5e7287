-- Site safety (issue 42): 安全检查 (/safeInspectionCheck) with its checklist, 隐患排查 (/hazardInvestigation), 安全整改
-- (/safetyReform: rectification notices and their items, photos before and after) and 事故申报 (/accidentProposal, with
-- the people involved). Documents of the house; their declarations are app/modules/safety/ (docs/safety.md).
CREATE TABLE `safety_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`check_on` text NOT NULL,
	`kind` text NOT NULL,
	`site` text NOT NULL,
	`contract_id` integer,
	`org_id` integer,
	`inspector_id` integer,
	`conclusion` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`inspector_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_checks_tenant_number_uq` ON `safety_checks` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `safety_checks_tenant_created_idx` ON `safety_checks` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `safety_check_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`check_id` integer NOT NULL,
	`position` integer NOT NULL,
	`item` text NOT NULL,
	`standard` text,
	`vehicle_id` integer,
	`result` text NOT NULL,
	`note` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`check_id`) REFERENCES `safety_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `safety_check_items_check_idx` ON `safety_check_items` (`tenant_id`,`check_id`,`position`);--> statement-breakpoint
CREATE TABLE `safety_hazards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`found_on` text NOT NULL,
	`level` text NOT NULL,
	`source` text NOT NULL,
	`check_id` integer,
	`place` text NOT NULL,
	`vehicle_id` integer,
	`org_id` integer,
	`description` text NOT NULL,
	`suggestion` text,
	`attachments` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`check_id`) REFERENCES `safety_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_hazards_tenant_number_uq` ON `safety_hazards` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `safety_hazards_tenant_created_idx` ON `safety_hazards` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `safety_hazards_check_idx` ON `safety_hazards` (`tenant_id`,`check_id`);--> statement-breakpoint
CREATE TABLE `safety_reforms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`source` text NOT NULL,
	`check_id` integer,
	`hazard_id` integer,
	`site` text NOT NULL,
	`org_id` integer NOT NULL,
	`responsible_id` integer NOT NULL,
	`remark` text,
	`issued_on` text,
	`closed_on` text,
	`return_reason` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`check_id`) REFERENCES `safety_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`hazard_id`) REFERENCES `safety_hazards`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`responsible_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_reforms_tenant_number_uq` ON `safety_reforms` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `safety_reforms_tenant_created_idx` ON `safety_reforms` (`tenant_id`,`created_at`);--> statement-breakpoint
-- one notice an inspection and one a hazard: two saves at once for the same source, the second is refused here
CREATE UNIQUE INDEX `safety_reforms_check_uq` ON `safety_reforms` (`tenant_id`,`check_id`) WHERE `check_id` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `safety_reforms_hazard_uq` ON `safety_reforms` (`tenant_id`,`hazard_id`) WHERE `hazard_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `safety_reform_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`reform_id` integer NOT NULL,
	`position` integer NOT NULL,
	`check_item` text,
	`requirement` text NOT NULL,
	`deadline` text NOT NULL,
	`responsible` text,
	`before_photos` text,
	`after_photos` text,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reform_id`) REFERENCES `safety_reforms`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `safety_reform_items_reform_idx` ON `safety_reform_items` (`tenant_id`,`reform_id`,`position`);--> statement-breakpoint
-- the workbench's overdue items: by deadline, first overdue first
CREATE INDEX `safety_reform_items_deadline_idx` ON `safety_reform_items` (`tenant_id`,`deadline`);--> statement-breakpoint
CREATE TABLE `safety_accidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`occurred_on` text NOT NULL,
	`occurred_at` text NOT NULL,
	`level` text NOT NULL,
	`place` text NOT NULL,
	`vehicle_id` integer,
	`contract_id` integer,
	`org_id` integer,
	`description` text NOT NULL,
	`direct_loss_cents` integer,
	`claim_state` text DEFAULT 'none' NOT NULL,
	`insurer` text,
	`claim_no` text,
	`claimed_cents` integer,
	`paid_cents` integer,
	`cause` text,
	`investigation` text,
	`measures` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_accidents_tenant_number_uq` ON `safety_accidents` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `safety_accidents_tenant_created_idx` ON `safety_accidents` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `safety_accident_people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`accident_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`injury` text NOT NULL,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accident_id`) REFERENCES `safety_accidents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `safety_accident_people_accident_idx` ON `safety_accident_people` (`tenant_id`,`accident_id`,`position`);
