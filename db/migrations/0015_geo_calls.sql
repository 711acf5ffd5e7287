CREATE TABLE `geo_calls` (
	`tenant_id` integer NOT NULL,
	`minute` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `minute`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE no action
);
