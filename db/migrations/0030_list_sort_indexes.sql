CREATE INDEX `users_tenant_account_idx` ON `users` (`tenant_id`,`login_account`);--> statement-breakpoint
CREATE INDEX `users_tenant_state_id_idx` ON `users` (`tenant_id`,`state`);--> statement-breakpoint
CREATE INDEX `users_tenant_expires_idx` ON `users` (`tenant_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_number_idx` ON `contracts` (`tenant_id`,`current`,`number`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_start_idx` ON `contracts` (`tenant_id`,`current`,`start_on`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_end_idx` ON `contracts` (`tenant_id`,`current`,`planned_end_on`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_name_idx` ON `contracts` (`tenant_id`,`current`,`name`);--> statement-breakpoint
CREATE INDEX `contracts_tenant_state_id_idx` ON `contracts` (`tenant_id`,`current`,`state`);