CREATE TABLE `approval_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`document_id` integer NOT NULL,
	`round` integer NOT NULL,
	`step_no` integer,
	`action` text NOT NULL,
	`actor_id` integer NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `approval_records_document_idx` ON `approval_records` (`tenant_id`,`kind`,`document_id`,`round`);--> statement-breakpoint
CREATE UNIQUE INDEX `approval_records_decision_uq` ON `approval_records` (`tenant_id`,`kind`,`document_id`,`round`,`step_no`) WHERE action in ('approve', 'refuse');--> statement-breakpoint
CREATE TABLE `approval_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`step_no` integer NOT NULL,
	`approver_type` text NOT NULL,
	`approver_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "approval_steps_type" CHECK("approval_steps"."approver_type" in ('role', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `approval_steps_kind_step_uq` ON `approval_steps` (`tenant_id`,`kind`,`step_no`);--> statement-breakpoint
CREATE TABLE `batch_guard` (
	`id` integer PRIMARY KEY NOT NULL,
	`ok` integer NOT NULL,
	CONSTRAINT "batch_guard_one" CHECK("batch_guard"."id" = 1),
	CONSTRAINT "batch_guard_ok" CHECK("batch_guard"."ok" = 1)
);
--> statement-breakpoint
INSERT INTO `batch_guard` (`id`, `ok`) VALUES (1, 1);
