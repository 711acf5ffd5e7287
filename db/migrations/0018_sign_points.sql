CREATE TABLE `sign_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`org_id` integer,
	`name` text NOT NULL,
	`project` text,
	`address` text,
	`lng` real NOT NULL,
	`lat` real NOT NULL,
	`sign_range` integer DEFAULT 100 NOT NULL,
	`work_start` text,
	`work_end` text,
	`state` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sign_points_range" CHECK("sign_points"."sign_range" in (100, 200, 300, 500, 1000, 2000))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_points_tenant_name_uq` ON `sign_points` (`tenant_id`,`name`);--> statement-breakpoint
CREATE INDEX `sign_points_tenant_created_idx` ON `sign_points` (`tenant_id`,`created_at`);