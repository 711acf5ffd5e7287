-- The telematics reports' roll-ups above the day (issue 41: a report over 10,000 machines and a year of daily roll-ups
-- answers within 300 ms): each machine's month (vehicle_monthly) and each organisation's fleet day (fleet_daily),
-- kept by triggers on vehicle_daily, so every writer of a day (the FleetHub's outbox, the seed, a test) keeps them
-- equal to the days below them. A report sums whole months from vehicle_monthly and only the edge days from
-- vehicle_daily (app/modules/reports/fleet-reports.server.ts); its per-day table reads fleet_daily. A fleet day is
-- the organisation's the machine is in: a machine moved to another organisation takes its days with it. A day gains
-- its idle time (engine on, standing still: HD报表), which the hub rolls up beside the engine time.
ALTER TABLE `vehicle_daily` ADD `idle_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `vehicle_monthly` (
	`tenant_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`month` text NOT NULL,
	`days_worked` integer DEFAULT 0 NOT NULL,
	`engine_seconds` integer DEFAULT 0 NOT NULL,
	`idle_seconds` integer DEFAULT 0 NOT NULL,
	`mileage_km` real DEFAULT 0 NOT NULL,
	`fuel_used_l` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vehicle_id`, `month`)
);
--> statement-breakpoint
CREATE INDEX `vehicle_monthly_tenant_month_idx` ON `vehicle_monthly` (`tenant_id`,`month`,`vehicle_id`,`days_worked`,`engine_seconds`,`idle_seconds`,`mileage_km`,`fuel_used_l`);--> statement-breakpoint
CREATE TABLE `fleet_daily` (
	`tenant_id` integer NOT NULL,
	`org_id` integer NOT NULL,
	`day` text NOT NULL,
	`machines_working` integer DEFAULT 0 NOT NULL,
	`engine_seconds` integer DEFAULT 0 NOT NULL,
	`idle_seconds` integer DEFAULT 0 NOT NULL,
	`mileage_km` real DEFAULT 0 NOT NULL,
	`fuel_used_l` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`, `org_id`)
);
--> statement-breakpoint
-- the edge days of a range, read per machine without touching the rows
CREATE INDEX `vehicle_daily_tenant_day_sums_idx` ON `vehicle_daily` (`tenant_id`,`day`,`vehicle_id`,`engine_seconds`,`idle_seconds`,`mileage_km`,`fuel_used_l`);--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_ai` AFTER INSERT ON `vehicle_daily` BEGIN
	INSERT INTO `vehicle_monthly` (`tenant_id`, `vehicle_id`, `month`, `days_worked`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`)
		VALUES (new.`tenant_id`, new.`vehicle_id`, substr(new.`day`, 1, 7), new.`engine_seconds` > 0, new.`engine_seconds`, new.`idle_seconds`, new.`mileage_km`, new.`fuel_used_l`)
		ON CONFLICT (`vehicle_id`, `month`) DO UPDATE SET `days_worked` = `days_worked` + excluded.`days_worked`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`;
	INSERT INTO `fleet_daily` (`tenant_id`, `org_id`, `day`, `machines_working`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`)
		VALUES (new.`tenant_id`, coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = new.`vehicle_id`), 0), new.`day`, new.`engine_seconds` > 0, new.`engine_seconds`, new.`idle_seconds`, new.`mileage_km`, new.`fuel_used_l`)
		ON CONFLICT (`tenant_id`, `day`, `org_id`) DO UPDATE SET `machines_working` = `machines_working` + excluded.`machines_working`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`;
END;--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_au` AFTER UPDATE OF `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l` ON `vehicle_daily` BEGIN
	UPDATE `vehicle_monthly` SET `days_worked` = `days_worked` + (new.`engine_seconds` > 0) - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` + new.`engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` + new.`idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` + new.`mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` + new.`fuel_used_l` - old.`fuel_used_l`
		WHERE `vehicle_id` = new.`vehicle_id` AND `month` = substr(new.`day`, 1, 7);
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` + (new.`engine_seconds` > 0) - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` + new.`engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` + new.`idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` + new.`mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` + new.`fuel_used_l` - old.`fuel_used_l`
		WHERE `tenant_id` = new.`tenant_id` AND `day` = new.`day` AND `org_id` = coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = new.`vehicle_id`), 0);
END;--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_ad` AFTER DELETE ON `vehicle_daily` BEGIN
	UPDATE `vehicle_monthly` SET `days_worked` = `days_worked` - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` - old.`fuel_used_l`
		WHERE `vehicle_id` = old.`vehicle_id` AND `month` = substr(old.`day`, 1, 7);
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` - old.`fuel_used_l`
		WHERE `tenant_id` = old.`tenant_id` AND `day` = old.`day` AND `org_id` = coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = old.`vehicle_id`), 0);
END;--> statement-breakpoint
-- a machine moved to another organisation: its days leave the old organisation's fleet days and join the new one's
CREATE TRIGGER `vehicles_org_rollup_au` AFTER UPDATE OF `org_id` ON `vehicles` WHEN coalesce(old.`org_id`, 0) <> coalesce(new.`org_id`, 0) BEGIN
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` - (d.`engine_seconds` > 0), `engine_seconds` = `fleet_daily`.`engine_seconds` - d.`engine_seconds`, `idle_seconds` = `fleet_daily`.`idle_seconds` - d.`idle_seconds`,
		`mileage_km` = `fleet_daily`.`mileage_km` - d.`mileage_km`, `fuel_used_l` = `fleet_daily`.`fuel_used_l` - d.`fuel_used_l`
		FROM (SELECT `day`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l` FROM `vehicle_daily` WHERE `vehicle_id` = new.`id`) AS d
		WHERE `fleet_daily`.`tenant_id` = new.`tenant_id` AND `fleet_daily`.`org_id` = coalesce(old.`org_id`, 0) AND `fleet_daily`.`day` = d.`day`;
	INSERT INTO `fleet_daily` (`tenant_id`, `org_id`, `day`, `machines_working`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`)
		SELECT new.`tenant_id`, coalesce(new.`org_id`, 0), `day`, `engine_seconds` > 0, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l` FROM `vehicle_daily` WHERE `vehicle_id` = new.`id` AND true
		ON CONFLICT (`tenant_id`, `day`, `org_id`) DO UPDATE SET `machines_working` = `machines_working` + excluded.`machines_working`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`;
END;--> statement-breakpoint
INSERT INTO `vehicle_monthly` (`tenant_id`, `vehicle_id`, `month`, `days_worked`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`)
	SELECT `tenant_id`, `vehicle_id`, substr(`day`, 1, 7), sum(`engine_seconds` > 0), sum(`engine_seconds`), sum(`idle_seconds`), sum(`mileage_km`), sum(`fuel_used_l`) FROM `vehicle_daily` GROUP BY `vehicle_id`, substr(`day`, 1, 7);--> statement-breakpoint
INSERT INTO `fleet_daily` (`tenant_id`, `org_id`, `day`, `machines_working`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`)
	SELECT d.`tenant_id`, coalesce(v.`org_id`, 0), d.`day`, sum(d.`engine_seconds` > 0), sum(d.`engine_seconds`), sum(d.`idle_seconds`), sum(d.`mileage_km`), sum(d.`fuel_used_l`)
	FROM `vehicle_daily` d LEFT JOIN `vehicles` v ON v.`id` = d.`vehicle_id` GROUP BY d.`tenant_id`, coalesce(v.`org_id`, 0), d.`day`;
