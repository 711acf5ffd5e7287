DROP INDEX `contract_costs_tenant_day_idx`;--> statement-breakpoint
CREATE INDEX `contract_costs_tenant_day_idx` ON `contract_costs` (`tenant_id`,`occurred_on`,`contract_id`,`line_id`,`amount_cents`);--> statement-breakpoint
DROP INDEX `bills_tenant_period_idx`;--> statement-breakpoint
CREATE INDEX `bills_tenant_period_idx` ON `bills` (`tenant_id`,`period_to`,`state`,`org_id`,`root_id`,`customer_id`,`final`,`amount_cents`);