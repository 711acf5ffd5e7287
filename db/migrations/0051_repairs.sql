-- 设备维修 (/equipmentRepair, issue 42): a repair order of a machine (in-house, or at a repair station or supplier),
-- perhaps from an abnormality (异常上报 → 转维修): the fault and the diagnosis, the machine's downtime (from, to; as the
-- tenant's day and time and as instants), whether the downtime takes rent off (the machine's fault, not the customer's),
-- its labour and parts lines and outside costs summed into its total, its photos; approved by the house's approval
-- (steps may apply from an amount: the cost above a limit), then completed. A machine's downtime of an approved or
-- completed order becomes fault evidence on its contract's bill (docs/billing.md).
CREATE TABLE `repair_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`vehicle_id` integer NOT NULL,
	`abnormality_id` integer,
	`repair_kind` text NOT NULL,
	`supplier_id` integer,
	`fault` text NOT NULL,
	`diagnosis` text,
	`down_from_on` text NOT NULL,
	`down_from_time` text NOT NULL,
	`down_to_on` text,
	`down_to_time` text,
	`down_from` integer NOT NULL,
	`down_to` integer,
	`deduct_rent` integer DEFAULT 0 NOT NULL,
	`outside_cents` integer,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`approved_cents` integer,
	`remark` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`abnormality_id`) REFERENCES `abnormalities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repair_orders_tenant_number_uq` ON `repair_orders` (`tenant_id`,`number`);--> statement-breakpoint
-- an abnormality turns into one repair (two saves at once: one stored)
CREATE UNIQUE INDEX `repair_orders_abnormality_uq` ON `repair_orders` (`abnormality_id`) WHERE `abnormality_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `repair_orders_tenant_created_idx` ON `repair_orders` (`tenant_id`,`created_at`);--> statement-breakpoint
-- the bill run's read: a machine's downtime over a period
CREATE INDEX `repair_orders_vehicle_down_idx` ON `repair_orders` (`tenant_id`,`vehicle_id`,`down_from`,`down_to`,`state`);--> statement-breakpoint
CREATE TABLE `repair_labour` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`repair_id` integer NOT NULL,
	`position` integer NOT NULL,
	`worker` text NOT NULL,
	`hours` integer NOT NULL,
	`rate` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`repair_id`) REFERENCES `repair_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `repair_labour_repair_idx` ON `repair_labour` (`tenant_id`,`repair_id`,`position`);--> statement-breakpoint
CREATE TABLE `repair_parts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`repair_id` integer NOT NULL,
	`position` integer NOT NULL,
	`part_name` text NOT NULL,
	`spec` text,
	`quantity` integer NOT NULL,
	`price` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`repair_id`) REFERENCES `repair_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `repair_parts_repair_idx` ON `repair_parts` (`tenant_id`,`repair_id`,`position`);--> statement-breakpoint
ALTER TABLE `abnormalities` ADD `repair_id` integer;
