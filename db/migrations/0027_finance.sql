CREATE TABLE `bill_interest` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`base_cents` integer NOT NULL,
	`rate_bp` integer NOT NULL,
	`cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bill_interest_bill_day_uq` ON `bill_interest` (`bill_id`,`from_on`);--> statement-breakpoint
CREATE INDEX `bill_interest_tenant_idx` ON `bill_interest` (`tenant_id`,`to_on`);--> statement-breakpoint
CREATE TABLE `collection_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`contract_id` integer NOT NULL,
	`kind` text NOT NULL,
	`acted_on` text NOT NULL,
	`way` text,
	`person_id` integer,
	`promised_on` text,
	`promised_cents` integer,
	`next_on` text,
	`until_on` text,
	`amount_cents` integer,
	`court` text,
	`case_number` text,
	`stage` text,
	`content` text NOT NULL,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `collection_actions_contract_idx` ON `collection_actions` (`contract_id`,`acted_on`);--> statement-breakpoint
CREATE INDEX `collection_actions_tenant_next_idx` ON `collection_actions` (`tenant_id`,`next_on`);--> statement-breakpoint
CREATE TABLE `invoice_bills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoice_bills_positive" CHECK("invoice_bills"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_bills_uq` ON `invoice_bills` (`invoice_id`,`bill_id`);--> statement-breakpoint
CREATE INDEX `invoice_bills_bill_idx` ON `invoice_bills` (`bill_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`contract_id` integer,
	`issued_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`attachments` text,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_kind" CHECK("invoices"."kind" in ('special', 'ordinary')),
	CONSTRAINT "invoices_rate" CHECK("invoices"."tax_rate_bp" in (1300, 900, 600, 300)),
	CONSTRAINT "invoices_sum" CHECK("invoices"."amount_cents" = "invoices"."net_cents" + "invoices"."tax_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_tenant_number_uq` ON `invoices` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `invoices_tenant_issued_idx` ON `invoices` (`tenant_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `invoices_customer_idx` ON `invoices` (`customer_id`);--> statement-breakpoint
CREATE TABLE `receipt_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`receipt_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipt_allocations_positive" CHECK("receipt_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `receipt_allocations_receipt_idx` ON `receipt_allocations` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `receipt_allocations_bill_idx` ON `receipt_allocations` (`bill_id`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`direction` text NOT NULL,
	`customer_id` integer,
	`supplier_id` integer,
	`contract_id` integer,
	`received_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`allocated_cents` integer DEFAULT 0 NOT NULL,
	`method` text DEFAULT 'transfer' NOT NULL,
	`reference` text,
	`attachments` text,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipts_direction" CHECK("receipts"."direction" in ('in', 'out')),
	CONSTRAINT "receipts_positive" CHECK("receipts"."amount_cents" > 0),
	CONSTRAINT "receipts_allocated" CHECK("receipts"."allocated_cents" between 0 and "receipts"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_tenant_number_uq` ON `receipts` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `receipts_tenant_day_idx` ON `receipts` (`tenant_id`,`received_on`);--> statement-breakpoint
CREATE INDEX `receipts_customer_idx` ON `receipts` (`customer_id`);--> statement-breakpoint
CREATE TABLE `settlements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`contract_id` integer NOT NULL,
	`root_id` integer NOT NULL,
	`customer_id` integer,
	`through_on` text NOT NULL,
	`billed_cents` integer DEFAULT 0 NOT NULL,
	`adjustments_cents` integer DEFAULT 0 NOT NULL,
	`received_cents` integer DEFAULT 0 NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`interest_cents` integer DEFAULT 0 NOT NULL,
	`overtime_hours` text,
	`overtime_cents` integer DEFAULT 0 NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "settlements_kind" CHECK("settlements"."kind" in ('final', 'overtime'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlements_tenant_number_uq` ON `settlements` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `settlements_tenant_created_idx` ON `settlements` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `settlements_contract_idx` ON `settlements` (`root_id`);