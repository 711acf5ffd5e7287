-- 证照管理 (/license): the company's own licences and qualifications (营业执照, 建筑业企业资质, 安全生产许可证…) with
-- number, holder, issuer, dates and scans, flagged by expiry. The tenant's alone; app/modules/certificates/license.*.
CREATE TABLE `company_licenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`holder` text,
	`issuer` text,
	`issued_on` text,
	`expires_on` text,
	`remark` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `company_licenses_tenant_expiry_idx` ON `company_licenses` (`tenant_id`,`expires_on`);
