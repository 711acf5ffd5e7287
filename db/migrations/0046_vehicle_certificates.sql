-- 证书管理 (/certificate): a machine's certificates (使用登记证, 定期检验报告, 保险, 年检…) with number, issuer, dates
-- and scans. A mandatory one that has expired keeps the machine off new contract lines and trips (the certificate gate,
-- app/modules/certificates/certificate-gate.server.ts), read by machine and expiry.
CREATE TABLE `vehicle_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`kind` text NOT NULL,
	`number` text NOT NULL,
	`issuer` text,
	`issued_on` text,
	`expires_on` text,
	`mandatory` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`attachments` text,
	`state` integer DEFAULT 0 NOT NULL,
	`creator_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vehicle_certificates_vehicle_idx` ON `vehicle_certificates` (`tenant_id`,`vehicle_id`,`mandatory`,`expires_on`);--> statement-breakpoint
CREATE INDEX `vehicle_certificates_tenant_expiry_idx` ON `vehicle_certificates` (`tenant_id`,`expires_on`);
