CREATE TABLE `data_permissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`reason` text NOT NULL,
	`period_end` integer,
	`state` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`refuse_reason` text,
	`reviewer_id` integer,
	`reviewed_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_permissions_tenant_state_idx` ON `data_permissions` (`tenant_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_permissions_tenant_user_vehicle_idx` ON `data_permissions` (`tenant_id`,`user_id`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `data_permissions_vehicle_idx` ON `data_permissions` (`vehicle_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `data_permissions_pending_uq` ON `data_permissions` (`user_id`,`vehicle_id`) WHERE state = 0;