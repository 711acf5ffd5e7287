CREATE TABLE `bill_evidence` (
	`tenant_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`day` text NOT NULL,
	`engine_hours` real DEFAULT 0 NOT NULL,
	`km` real DEFAULT 0 NOT NULL,
	`on_site_minutes` integer,
	`fault_minutes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`bill_id`, `line_id`, `day`),
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bill_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`line_id` integer,
	`rule` text NOT NULL,
	`quantity` text NOT NULL,
	`unit` text NOT NULL,
	`rate_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`basis` text,
	`note` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`line_id`) REFERENCES `contract_lines`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bill_items_bill_idx` ON `bill_items` (`bill_id`,`seq`);--> statement-breakpoint
CREATE TABLE `bill_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`days` text NOT NULL,
	`hours` real,
	`day` text,
	`basis` text,
	`state` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`decided_by` integer,
	`decided_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bill_proposals_state" CHECK("bill_proposals"."state" in (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX `bill_proposals_bill_idx` ON `bill_proposals` (`bill_id`);--> statement-breakpoint
CREATE TABLE `bills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`kind` text DEFAULT 'regular' NOT NULL,
	`contract_id` integer NOT NULL,
	`root_id` integer NOT NULL,
	`customer_id` integer,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`adjusts_id` integer,
	`final` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`due_on` text NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`invoiced_cents` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`creator_id` integer,
	`confirmed_by` integer,
	`confirmed_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bills_kind" CHECK("bills"."kind" in ('regular', 'adjustment')),
	CONSTRAINT "bills_state" CHECK("bills"."state" in (0, 1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bills_tenant_number_uq` ON `bills` (`tenant_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `bills_regular_period_uq` ON `bills` (`tenant_id`,`root_id`,`period_from`) WHERE kind = 'regular';--> statement-breakpoint
CREATE INDEX `bills_tenant_period_idx` ON `bills` (`tenant_id`,`period_to`);--> statement-breakpoint
CREATE INDEX `bills_tenant_state_idx` ON `bills` (`tenant_id`,`state`,`period_to`);--> statement-breakpoint
CREATE INDEX `bills_root_idx` ON `bills` (`root_id`,`period_from`);--> statement-breakpoint
CREATE INDEX `bills_customer_idx` ON `bills` (`customer_id`,`due_on`);--> statement-breakpoint
CREATE TABLE `statement_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`statement_id` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`user_id` integer,
	`customer_name` text,
	`bill_item_id` integer,
	`comment` text,
	`adjustment_id` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`statement_id`) REFERENCES `statements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `statement_events_statement_idx` ON `statement_events` (`statement_id`,`at`);--> statement-breakpoint
CREATE TABLE `statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`contract_id` integer NOT NULL,
	`root_id` integer NOT NULL,
	`customer_id` integer,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`link_nonce` text,
	`link_expires_at` integer,
	`sent_at` integer,
	`confirmed_name` text,
	`confirmed_at` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "statements_state" CHECK("statements"."state" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statements_tenant_number_uq` ON `statements` (`tenant_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `statements_root_period_uq` ON `statements` (`tenant_id`,`root_id`,`period_from`,`period_to`);--> statement-breakpoint
CREATE INDEX `statements_tenant_created_idx` ON `statements` (`tenant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contracts` ADD `fence_rent_dates` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contracts` ADD `late_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A confirmed bill is never changed (a correction is an adjustment bill): its figures, period and items are refused
-- by the database itself, whatever code tries. What receipts and invoices cover of it (paid, invoiced) and its state
-- (locked by a confirmed statement) still move.
CREATE TRIGGER `bills_confirmed_fixed` BEFORE UPDATE OF `amount_cents`, `tax_cents`, `period_from`, `period_to`, `contract_id`, `customer_id`, `final`, `due_on` ON `bills`
WHEN OLD.`state` > 0
BEGIN SELECT RAISE(ABORT, 'bill confirmed'); END;--> statement-breakpoint
CREATE TRIGGER `bill_items_confirmed_insert` BEFORE INSERT ON `bill_items`
WHEN (SELECT `state` FROM `bills` WHERE `id` = NEW.`bill_id`) > 0
BEGIN SELECT RAISE(ABORT, 'bill confirmed'); END;--> statement-breakpoint
CREATE TRIGGER `bill_items_confirmed_update` BEFORE UPDATE ON `bill_items`
WHEN (SELECT `state` FROM `bills` WHERE `id` = OLD.`bill_id`) > 0
BEGIN SELECT RAISE(ABORT, 'bill confirmed'); END;--> statement-breakpoint
CREATE TRIGGER `bill_items_confirmed_delete` BEFORE DELETE ON `bill_items`
WHEN (SELECT `state` FROM `bills` WHERE `id` = OLD.`bill_id`) > 0
BEGIN SELECT RAISE(ABORT, 'bill confirmed'); END;
