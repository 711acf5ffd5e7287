DROP INDEX `users_tenant_idx`;--> statement-breakpoint
CREATE INDEX `users_tenant_created_idx` ON `users` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_tenant_name_idx` ON `users` (`tenant_id`,`user_name`);--> statement-breakpoint
CREATE INDEX `users_tenant_state_idx` ON `users` (`tenant_id`,`state`,`created_at`);