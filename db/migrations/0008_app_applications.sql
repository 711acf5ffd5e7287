CREATE TABLE `app_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`app_role` text NOT NULL,
	`company` text,
	`reason` text,
	`state` integer DEFAULT 0 NOT NULL,
	`refuse_reason` text,
	`reviewer_id` integer,
	`reviewed_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `app_applications_tenant_state_idx` ON `app_applications` (`tenant_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `app_applications_tenant_created_idx` ON `app_applications` (`tenant_id`,`created_at`);