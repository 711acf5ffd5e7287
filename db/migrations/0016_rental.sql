CREATE TABLE `contract_costs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`line_id` integer,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`occurred_on` text NOT NULL,
	`supplier_id` integer,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`line_id`) REFERENCES `contract_lines`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `contract_costs_tenant_day_idx` ON `contract_costs` (`tenant_id`,`occurred_on`);--> statement-breakpoint
CREATE INDEX `contract_costs_contract_idx` ON `contract_costs` (`contract_id`);--> statement-breakpoint
CREATE TABLE `contract_fees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`line_id` integer,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`fee_on` text,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`line_id`) REFERENCES `contract_lines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contract_fees_contract_idx` ON `contract_fees` (`contract_id`);--> statement-breakpoint
CREATE TABLE `contract_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`vehicle_id` integer,
	`equipment_type` text,
	`spec` text,
	`monthly_cents` integer,
	`daily_cents` integer,
	`shift_cents` integer,
	`shift_hours` integer DEFAULT 8 NOT NULL,
	`shift_overtime_cents` integer,
	`hourly_cents` integer,
	`min_hours_per_call` real,
	`allowance_hours` real,
	`allowance_per` text,
	`allowance_overtime_cents` integer,
	`idle_rate_bp` integer,
	`fault_deduction` integer DEFAULT 0 NOT NULL,
	`operators` integer DEFAULT 0 NOT NULL,
	`operator_monthly_cents` integer,
	`cost_monthly_cents` integer,
	`on_rent_on` text NOT NULL,
	`off_rent_on` text,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contract_lines_allowance_per" CHECK("contract_lines"."allowance_per" is null or "contract_lines"."allowance_per" in ('day', 'month'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_lines_contract_no_uq` ON `contract_lines` (`contract_id`,`line_no`);--> statement-breakpoint
CREATE INDEX `contract_lines_vehicle_idx` ON `contract_lines` (`vehicle_id`,`on_rent_on`);--> statement-breakpoint
CREATE INDEX `contract_lines_tenant_idx` ON `contract_lines` (`tenant_id`,`on_rent_on`);--> statement-breakpoint
CREATE TABLE `contract_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`due_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_plans_contract_seq_uq` ON `contract_plans` (`contract_id`,`seq`);--> statement-breakpoint
CREATE INDEX `contract_plans_tenant_due_idx` ON `contract_plans` (`tenant_id`,`due_on`);--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`root_id` integer,
	`current` integer DEFAULT 1 NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`customer_id` integer,
	`supplier_id` integer,
	`parent_id` integer,
	`lead_id` integer,
	`project` text,
	`site_address` text,
	`site_lng` real,
	`site_lat` real,
	`site_fence_id` integer,
	`signed_on` text,
	`start_on` text NOT NULL,
	`planned_end_on` text,
	`ended_on` text,
	`min_term_days` integer,
	`settlement_day` integer DEFAULT 31 NOT NULL,
	`payment_days` integer DEFAULT 30 NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer DEFAULT 900 NOT NULL,
	`fixed_cents` integer,
	`purchase_cents` integer,
	`salesman_id` integer,
	`attachments` text,
	`remark` text,
	`state` integer DEFAULT 0 NOT NULL,
	`state_reason` text,
	`over_credit_reason` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`site_fence_id`) REFERENCES `fences`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`salesman_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contracts_kind" CHECK("contracts"."kind" in ('rental', 'spot', 'bare', 'charter', 'rentToOwn', 'project', 'subcontract')),
	CONSTRAINT "contracts_settlement_day" CHECK("contracts"."settlement_day" between 1 and 31)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_tenant_number_rev_uq` ON `contracts` (`tenant_id`,`number`,`revision`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_created_idx` ON `contracts` (`tenant_id`,`current`,`created_at`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_state_idx` ON `contracts` (`tenant_id`,`current`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `contracts_customer_idx` ON `contracts` (`customer_id`,`current`);--> statement-breakpoint
CREATE INDEX `contracts_parent_idx` ON `contracts` (`parent_id`);--> statement-breakpoint
CREATE TABLE `customer_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`title` text,
	`is_main` integer DEFAULT 0 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_contacts_customer_idx` ON `customer_contacts` (`customer_id`,`sort`);--> statement-breakpoint
CREATE TABLE `customer_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`contact_id` integer,
	`visited_on` text NOT NULL,
	`purpose` text NOT NULL,
	`content` text,
	`next_step` text,
	`photos` text,
	`visitor_id` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `customer_contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`visitor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_visits_tenant_day_idx` ON `customer_visits` (`tenant_id`,`visited_on`);--> statement-breakpoint
CREATE INDEX `customer_visits_customer_idx` ON `customer_visits` (`customer_id`,`visited_on`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`credit_code` text,
	`address` text,
	`credit_limit_cents` integer,
	`payment_days` integer DEFAULT 30 NOT NULL,
	`manager_id` integer,
	`attachments` text,
	`remark` text,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customers_kind" CHECK("customers"."kind" in ('enterprise', 'personal', 'government'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_tenant_name_uq` ON `customers` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `customers_tenant_created_idx` ON `customers` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`title` text NOT NULL,
	`customer_id` integer,
	`prospect` text,
	`stage` integer DEFAULT 0 NOT NULL,
	`expected_cents` integer,
	`equipment_wanted` text,
	`site` text,
	`expected_start` text,
	`expected_end` text,
	`owner_id` integer,
	`lost_reason` text,
	`contract_id` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `leads_tenant_created_idx` ON `leads` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_tenant_stage_idx` ON `leads` (`tenant_id`,`stage`,`created_at`);--> statement-breakpoint
CREATE TABLE `outcar_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`contract_id` integer NOT NULL,
	`line_id` integer,
	`vehicle_id` integer NOT NULL,
	`trip_on` text NOT NULL,
	`operators` text,
	`site` text,
	`depart_at` integer,
	`return_at` integer,
	`engine_hours_start` real,
	`engine_hours_end` real,
	`km_start` real,
	`km_end` real,
	`fuel_l` real,
	`work` text,
	`signature_file_id` text,
	`signer` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`line_id`) REFERENCES `contract_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `outcar_records_tenant_day_idx` ON `outcar_records` (`tenant_id`,`trip_on`);--> statement-breakpoint
CREATE INDEX `outcar_records_contract_idx` ON `outcar_records` (`contract_id`,`trip_on`);--> statement-breakpoint
CREATE INDEX `outcar_records_vehicle_idx` ON `outcar_records` (`vehicle_id`,`trip_on`);--> statement-breakpoint
CREATE TABLE `prize_nominations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`nominee_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`reason` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`nominee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `prize_nominations_tenant_created_idx` ON `prize_nominations` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `satisfaction_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`form_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`score` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`form_id`) REFERENCES `satisfaction_forms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `satisfaction_questions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "satisfaction_answers_score" CHECK("satisfaction_answers"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `satisfaction_answers_form_question_uq` ON `satisfaction_answers` (`form_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `satisfaction_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`answered_on` text NOT NULL,
	`respondent` text,
	`average` integer NOT NULL,
	`comment` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `satisfaction_forms_tenant_day_idx` ON `satisfaction_forms` (`tenant_id`,`answered_on`);--> statement-breakpoint
CREATE INDEX `satisfaction_forms_customer_idx` ON `satisfaction_forms` (`customer_id`);--> statement-breakpoint
CREATE TABLE `satisfaction_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`text` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `satisfaction_questions_tenant_idx` ON `satisfaction_questions` (`tenant_id`,`sort`);--> statement-breakpoint
CREATE TABLE `supplier_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text,
	`expires_on` text,
	`file_id` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `supplier_certificates_supplier_idx` ON `supplier_certificates` (`supplier_id`);--> statement-breakpoint
CREATE INDEX `supplier_certificates_expiry_idx` ON `supplier_certificates` (`tenant_id`,`expires_on`);--> statement-breakpoint
CREATE TABLE `supplier_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`title` text,
	`is_main` integer DEFAULT 0 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `supplier_contacts_supplier_idx` ON `supplier_contacts` (`supplier_id`,`sort`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`credit_code` text,
	`address` text,
	`supplies` text DEFAULT '' NOT NULL,
	`tower` integer DEFAULT 0 NOT NULL,
	`payment_days` integer DEFAULT 30 NOT NULL,
	`attachments` text,
	`remark` text,
	`state` integer DEFAULT 1 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "suppliers_kind" CHECK("suppliers"."kind" in ('enterprise', 'personal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_tenant_name_uq` ON `suppliers` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `suppliers_tenant_created_idx` ON `suppliers` (`tenant_id`,`tower`,`created_at`);--> statement-breakpoint
CREATE TABLE `temp_crane_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`number` text NOT NULL,
	`customer_id` integer NOT NULL,
	`contract_id` integer,
	`equipment_type` text,
	`spec` text,
	`site` text,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`reason` text NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`result_contract_id` integer,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temp_crane_tenant_number_uq` ON `temp_crane_applications` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `temp_crane_tenant_created_idx` ON `temp_crane_applications` (`tenant_id`,`created_at`);