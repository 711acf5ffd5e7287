-- 设备调拨 (/equipmentTransfer): a transfer of machines between organisations or sites, a document with lines
-- (one machine a line) that goes through approval. Its declaration is app/modules/transfers/.
CREATE TABLE `equipment_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`from_org_id` integer,
	`to_org_id` integer,
	`from_site` text,
	`to_site` text NOT NULL,
	`transfer_on` text NOT NULL,
	`carrier` text,
	`reason` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `equipment_transfers_tenant_number_uq` ON `equipment_transfers` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `equipment_transfers_tenant_created_idx` ON `equipment_transfers` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `equipment_transfer_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`transfer_id` integer NOT NULL,
	`position` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`engine_hours` integer,
	`freight_cents` integer,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `equipment_transfers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `equipment_transfer_lines_transfer_idx` ON `equipment_transfer_lines` (`tenant_id`,`transfer_id`,`position`);
