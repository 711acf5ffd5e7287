-- 里程报表, 在线离线报表 and 驾驶行为分析 (issue 41): the roll-ups above the day (migration 0040) gain what those reports
-- sum over a year of a large fleet. A machine's month: the days it moved (kilometres on the day), its online time and
-- the days it was online; an organisation's fleet day: the machines moving, the machines online and their online time.
-- vehicle_daily's triggers keep them as before (dropped and made again with the new columns; an update of a day's
-- online time now moves them too), and the rows already there are filled from the days below them. Two covering
-- indexes read them without touching a row (the month's new sums; a day's online time for a range's edge days). Two on
-- alarms: a range's alarms of some kinds in time order (油耗报表's fuel events: the time index alone read every alarm of
-- the range), and each machine's alarms of a kind in a range counted from the index alone (驾驶行为分析).
ALTER TABLE `vehicle_monthly` ADD `days_moving` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicle_monthly` ADD `online_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicle_monthly` ADD `days_online` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fleet_daily` ADD `machines_moving` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fleet_daily` ADD `machines_online` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fleet_daily` ADD `online_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `vehicle_monthly_tenant_month_online_idx` ON `vehicle_monthly` (`tenant_id`,`month`,`vehicle_id`,`days_moving`,`mileage_km`,`days_online`,`online_seconds`);--> statement-breakpoint
CREATE INDEX `vehicle_daily_tenant_day_online_idx` ON `vehicle_daily` (`tenant_id`,`day`,`vehicle_id`,`online_seconds`);--> statement-breakpoint
CREATE INDEX `alarms_tenant_kind_at_idx` ON `alarms` (`tenant_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `alarms_tenant_kind_vehicle_at_idx` ON `alarms` (`tenant_id`,`kind`,`vehicle_id`,`at`,`handle_state`);--> statement-breakpoint
DROP TRIGGER `vehicle_daily_rollup_ai`;--> statement-breakpoint
DROP TRIGGER `vehicle_daily_rollup_au`;--> statement-breakpoint
DROP TRIGGER `vehicle_daily_rollup_ad`;--> statement-breakpoint
DROP TRIGGER `vehicles_org_rollup_au`;--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_ai` AFTER INSERT ON `vehicle_daily` BEGIN
	INSERT INTO `vehicle_monthly` (`tenant_id`, `vehicle_id`, `month`, `days_worked`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `days_moving`, `online_seconds`, `days_online`)
		VALUES (new.`tenant_id`, new.`vehicle_id`, substr(new.`day`, 1, 7), new.`engine_seconds` > 0, new.`engine_seconds`, new.`idle_seconds`, new.`mileage_km`, new.`fuel_used_l`, new.`mileage_km` > 0, new.`online_seconds`, new.`online_seconds` > 0)
		ON CONFLICT (`vehicle_id`, `month`) DO UPDATE SET `days_worked` = `days_worked` + excluded.`days_worked`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`,
			`days_moving` = `days_moving` + excluded.`days_moving`, `online_seconds` = `online_seconds` + excluded.`online_seconds`, `days_online` = `days_online` + excluded.`days_online`;
	INSERT INTO `fleet_daily` (`tenant_id`, `org_id`, `day`, `machines_working`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `machines_moving`, `machines_online`, `online_seconds`)
		VALUES (new.`tenant_id`, coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = new.`vehicle_id`), 0), new.`day`, new.`engine_seconds` > 0, new.`engine_seconds`, new.`idle_seconds`, new.`mileage_km`, new.`fuel_used_l`, new.`mileage_km` > 0, new.`online_seconds` > 0, new.`online_seconds`)
		ON CONFLICT (`tenant_id`, `day`, `org_id`) DO UPDATE SET `machines_working` = `machines_working` + excluded.`machines_working`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`,
			`machines_moving` = `machines_moving` + excluded.`machines_moving`, `machines_online` = `machines_online` + excluded.`machines_online`, `online_seconds` = `online_seconds` + excluded.`online_seconds`;
END;--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_au` AFTER UPDATE OF `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `online_seconds` ON `vehicle_daily` BEGIN
	UPDATE `vehicle_monthly` SET `days_worked` = `days_worked` + (new.`engine_seconds` > 0) - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` + new.`engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` + new.`idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` + new.`mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` + new.`fuel_used_l` - old.`fuel_used_l`,
		`days_moving` = `days_moving` + (new.`mileage_km` > 0) - (old.`mileage_km` > 0), `online_seconds` = `online_seconds` + new.`online_seconds` - old.`online_seconds`, `days_online` = `days_online` + (new.`online_seconds` > 0) - (old.`online_seconds` > 0)
		WHERE `vehicle_id` = new.`vehicle_id` AND `month` = substr(new.`day`, 1, 7);
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` + (new.`engine_seconds` > 0) - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` + new.`engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` + new.`idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` + new.`mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` + new.`fuel_used_l` - old.`fuel_used_l`,
		`machines_moving` = `machines_moving` + (new.`mileage_km` > 0) - (old.`mileage_km` > 0), `machines_online` = `machines_online` + (new.`online_seconds` > 0) - (old.`online_seconds` > 0), `online_seconds` = `online_seconds` + new.`online_seconds` - old.`online_seconds`
		WHERE `tenant_id` = new.`tenant_id` AND `day` = new.`day` AND `org_id` = coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = new.`vehicle_id`), 0);
END;--> statement-breakpoint
CREATE TRIGGER `vehicle_daily_rollup_ad` AFTER DELETE ON `vehicle_daily` BEGIN
	UPDATE `vehicle_monthly` SET `days_worked` = `days_worked` - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` - old.`fuel_used_l`,
		`days_moving` = `days_moving` - (old.`mileage_km` > 0), `online_seconds` = `online_seconds` - old.`online_seconds`, `days_online` = `days_online` - (old.`online_seconds` > 0)
		WHERE `vehicle_id` = old.`vehicle_id` AND `month` = substr(old.`day`, 1, 7);
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` - (old.`engine_seconds` > 0), `engine_seconds` = `engine_seconds` - old.`engine_seconds`, `idle_seconds` = `idle_seconds` - old.`idle_seconds`,
		`mileage_km` = `mileage_km` - old.`mileage_km`, `fuel_used_l` = `fuel_used_l` - old.`fuel_used_l`,
		`machines_moving` = `machines_moving` - (old.`mileage_km` > 0), `machines_online` = `machines_online` - (old.`online_seconds` > 0), `online_seconds` = `online_seconds` - old.`online_seconds`
		WHERE `tenant_id` = old.`tenant_id` AND `day` = old.`day` AND `org_id` = coalesce((SELECT `org_id` FROM `vehicles` WHERE `id` = old.`vehicle_id`), 0);
END;--> statement-breakpoint
-- a machine moved to another organisation: its days leave the old organisation's fleet days and join the new one's
CREATE TRIGGER `vehicles_org_rollup_au` AFTER UPDATE OF `org_id` ON `vehicles` WHEN coalesce(old.`org_id`, 0) <> coalesce(new.`org_id`, 0) BEGIN
	UPDATE `fleet_daily` SET `machines_working` = `machines_working` - (d.`engine_seconds` > 0), `engine_seconds` = `fleet_daily`.`engine_seconds` - d.`engine_seconds`, `idle_seconds` = `fleet_daily`.`idle_seconds` - d.`idle_seconds`,
		`mileage_km` = `fleet_daily`.`mileage_km` - d.`mileage_km`, `fuel_used_l` = `fleet_daily`.`fuel_used_l` - d.`fuel_used_l`,
		`machines_moving` = `machines_moving` - (d.`mileage_km` > 0), `machines_online` = `machines_online` - (d.`online_seconds` > 0), `online_seconds` = `fleet_daily`.`online_seconds` - d.`online_seconds`
		FROM (SELECT `day`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `online_seconds` FROM `vehicle_daily` WHERE `vehicle_id` = new.`id`) AS d
		WHERE `fleet_daily`.`tenant_id` = new.`tenant_id` AND `fleet_daily`.`org_id` = coalesce(old.`org_id`, 0) AND `fleet_daily`.`day` = d.`day`;
	INSERT INTO `fleet_daily` (`tenant_id`, `org_id`, `day`, `machines_working`, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `machines_moving`, `machines_online`, `online_seconds`)
		SELECT new.`tenant_id`, coalesce(new.`org_id`, 0), `day`, `engine_seconds` > 0, `engine_seconds`, `idle_seconds`, `mileage_km`, `fuel_used_l`, `mileage_km` > 0, `online_seconds` > 0, `online_seconds` FROM `vehicle_daily` WHERE `vehicle_id` = new.`id` AND true
		ON CONFLICT (`tenant_id`, `day`, `org_id`) DO UPDATE SET `machines_working` = `machines_working` + excluded.`machines_working`, `engine_seconds` = `engine_seconds` + excluded.`engine_seconds`, `idle_seconds` = `idle_seconds` + excluded.`idle_seconds`,
			`mileage_km` = `mileage_km` + excluded.`mileage_km`, `fuel_used_l` = `fuel_used_l` + excluded.`fuel_used_l`,
			`machines_moving` = `machines_moving` + excluded.`machines_moving`, `machines_online` = `machines_online` + excluded.`machines_online`, `online_seconds` = `online_seconds` + excluded.`online_seconds`;
END;--> statement-breakpoint
UPDATE `vehicle_monthly` SET `days_moving` = d.`moving`, `online_seconds` = d.`online`, `days_online` = d.`days_online`
	FROM (SELECT `vehicle_id`, substr(`day`, 1, 7) AS `month`, sum(`mileage_km` > 0) AS `moving`, sum(`online_seconds`) AS `online`, sum(`online_seconds` > 0) AS `days_online` FROM `vehicle_daily` GROUP BY `vehicle_id`, substr(`day`, 1, 7)) AS d
	WHERE `vehicle_monthly`.`vehicle_id` = d.`vehicle_id` AND `vehicle_monthly`.`month` = d.`month`;--> statement-breakpoint
UPDATE `fleet_daily` SET `machines_moving` = d.`moving`, `machines_online` = d.`online_machines`, `online_seconds` = d.`online`
	FROM (SELECT v_d.`tenant_id`, coalesce(v.`org_id`, 0) AS `org_id`, v_d.`day`, sum(v_d.`mileage_km` > 0) AS `moving`, sum(v_d.`online_seconds` > 0) AS `online_machines`, sum(v_d.`online_seconds`) AS `online`
		FROM `vehicle_daily` v_d LEFT JOIN `vehicles` v ON v.`id` = v_d.`vehicle_id` GROUP BY v_d.`tenant_id`, coalesce(v.`org_id`, 0), v_d.`day`) AS d
	WHERE `fleet_daily`.`tenant_id` = d.`tenant_id` AND `fleet_daily`.`org_id` = d.`org_id` AND `fleet_daily`.`day` = d.`day`;
