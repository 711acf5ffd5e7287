-- 塔吊工作报表 (issue 41): a tower crane's lifts a day (its load rising onto the hook) and its peak load moment (% of
-- the rated moment), rolled up by the FleetHub from its safety monitor's values (workers/fleet-hub/crane.ts).
ALTER TABLE `vehicle_daily` ADD `lifts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicle_daily` ADD `peak_moment` real DEFAULT 0 NOT NULL;
