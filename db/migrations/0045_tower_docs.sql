-- 塔吊档案 (/towerDocument): a tower crane's file, one a tower (registration no., the units answerable for it, jib and
-- load), and its records: the stages it went through on its site (registration, installation notice, installation,
-- inspection and acceptance, each jacking, dismantling) with the day, the document's number, the height and who did it.
-- A document of the house; its declaration is app/modules/tower-docs/. The tower screen and the vehicle page show a
-- tower's stage now (its latest record).
CREATE TABLE `tower_docs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`vehicle_id` integer NOT NULL,
	`record_no` text,
	`site` text NOT NULL,
	`owner_unit` text,
	`install_unit` text,
	`use_unit` text,
	`arm_length` integer,
	`max_load` integer,
	`remark` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tower_docs_tenant_number_uq` ON `tower_docs` (`tenant_id`,`number`);--> statement-breakpoint
-- one file a tower: two saves at once for the same tower, the second is refused here
CREATE UNIQUE INDEX `tower_docs_tenant_vehicle_uq` ON `tower_docs` (`tenant_id`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `tower_docs_tenant_created_idx` ON `tower_docs` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tower_doc_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`doc_id` integer NOT NULL,
	`position` integer NOT NULL,
	`stage` text NOT NULL,
	`done_on` text NOT NULL,
	`doc_no` text,
	`height` integer,
	`sections` integer,
	`agency` text,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`doc_id`) REFERENCES `tower_docs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tower_doc_records_doc_idx` ON `tower_doc_records` (`tenant_id`,`doc_id`,`position`);
