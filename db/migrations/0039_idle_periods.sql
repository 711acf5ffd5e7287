-- 停滞期申报 (/idlePeriod): the clerk declares machines of a contract idle on site from one day to another, at an agreed
-- share of their rent, through approval; an approved declaration is billed as declared. A document with lines (one
-- contract line a line); its declaration is app/modules/billing/idle-period.*.
CREATE TABLE `idle_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`number` text NOT NULL,
	`contract_id` integer NOT NULL,
	`from_on` text NOT NULL,
	`to_on` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`reason` text NOT NULL,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idle_periods_tenant_number_uq` ON `idle_periods` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `idle_periods_tenant_created_idx` ON `idle_periods` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `idle_periods_tenant_contract_idx` ON `idle_periods` (`tenant_id`,`contract_id`,`state`);--> statement-breakpoint
CREATE TABLE `idle_period_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`period_id` integer NOT NULL,
	`position` integer NOT NULL,
	`line_id` integer NOT NULL,
	`remark` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`period_id`) REFERENCES `idle_periods`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`line_id`) REFERENCES `contract_lines`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `idle_period_lines_period_idx` ON `idle_period_lines` (`tenant_id`,`period_id`,`position`);--> statement-breakpoint
CREATE INDEX `idle_period_lines_line_idx` ON `idle_period_lines` (`tenant_id`,`line_id`);
--> statement-breakpoint
-- A machine is declared idle once for a day: a line entering a declaration whose days meet those of another declaration
-- of the same contract line not refused (3) aborts the save's batch, worded as a unique index (the check before saving
-- names the other declaration; this is the backstop for concurrent saves).
CREATE TRIGGER `idle_period_lines_one_bi` BEFORE INSERT ON `idle_period_lines`
WHEN EXISTS (
  SELECT 1 FROM `idle_period_lines` o
  JOIN `idle_periods` p ON p.id = o.period_id AND p.tenant_id = o.tenant_id
  JOIN `idle_periods` n ON n.id = new.period_id AND n.tenant_id = new.tenant_id
  WHERE o.tenant_id = new.tenant_id AND o.line_id = new.line_id AND o.period_id <> new.period_id AND p.state <> 3
    AND p.from_on <= n.to_on AND p.to_on >= n.from_on
)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: idle_period_lines.one_a_day');
END;
