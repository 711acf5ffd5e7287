-- 大屏链接 (issue 41): wall screens reached through a revocable link without an account. Only the token's SHA-256 is
-- kept; a link shows an organisation's machines, one customer's rented machines or a set of machines (db/schema/screens.ts).
CREATE TABLE `screen_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`screen` text NOT NULL,
	`name` text NOT NULL,
	`scope_kind` text NOT NULL,
	`org_id` integer,
	`customer_id` integer,
	`vehicle_ids` text,
	`token_hash` text NOT NULL,
	`creator_id` integer,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` integer,
	`last_seen_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "screen_links_scope" CHECK("screen_links"."scope_kind" in ('org', 'customer', 'vehicles'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `screen_links_token_uq` ON `screen_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `screen_links_tenant_idx` ON `screen_links` (`tenant_id`,`revoked_at`,`created_at`);
