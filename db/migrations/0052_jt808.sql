-- JT/T 808 terminals (issue 43): a vehicle's terminal phone number (终端手机号, the 808 header's BCD identity) names it
-- to the JT808 gateway. Stored as its digits without leading zeros, so the 2013 edition's 12 digits and the 2019
-- edition's 20 name the same terminal; unique across every tenant like the terminal number and device identifier.
-- The authentication code the gateway gave the terminal at registration is kept as its SHA-256 only.
ALTER TABLE `vehicles` ADD `jt808_phone` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `jt808_auth_hash` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `jt808_registered_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_jt808_phone_uq` ON `vehicles` (`jt808_phone`);--> statement-breakpoint
-- Commands down to terminals: one that has not been handed over by expires_at becomes send_failed; serial is the
-- platform serial number a JT808 command went out with (the terminal's general response names it); acked_at is when
-- the terminal acknowledged receipt (an upgrade is then under way: 升级中). States: pending (待发送), sent (已发送),
-- done (已完成), failed (任务失败), send_failed (发送失败).
ALTER TABLE `terminal_commands` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `terminal_commands` ADD `serial` integer;--> statement-breakpoint
ALTER TABLE `terminal_commands` ADD `acked_at` integer;--> statement-breakpoint
CREATE INDEX `terminal_commands_pending_idx` ON `terminal_commands` (`vehicle_id`) WHERE `state` = 'pending';
