CREATE TABLE `used_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `vehicles` ADD `osmand_enabled` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `osmand_key_hash` text;--> statement-breakpoint
-- Device identifiers are case-blind (the OsmAnd lookup capitalises the id it is sent), like terminal numbers.
UPDATE `vehicles` SET `device_ident` = upper(`device_ident`) WHERE `device_ident` IS NOT NULL AND `device_ident` <> upper(`device_ident`);
--> statement-breakpoint
-- An identifier names one vehicle whichever column holds it: a terminal number may not be another vehicle's device
-- identifier, nor the reverse, in any tenant (each column's own unique index covers the rest). The app checks first
-- and words the refusal; these triggers are the backstop against a race.
CREATE TRIGGER `vehicles_ident_cross_bi` BEFORE INSERT ON `vehicles`
WHEN EXISTS (SELECT 1 FROM `vehicles` WHERE `device_ident` = new.terminal_no)
  OR (new.device_ident IS NOT NULL AND EXISTS (SELECT 1 FROM `vehicles` WHERE `terminal_no` = new.device_ident))
BEGIN
  SELECT RAISE(ABORT, 'identifier_in_use');
END;
--> statement-breakpoint
CREATE TRIGGER `vehicles_ident_cross_bu` BEFORE UPDATE OF `terminal_no`, `device_ident` ON `vehicles`
WHEN EXISTS (SELECT 1 FROM `vehicles` WHERE `device_ident` = new.terminal_no AND `id` <> new.id)
  OR (new.device_ident IS NOT NULL AND EXISTS (SELECT 1 FROM `vehicles` WHERE `terminal_no` = new.device_ident AND `id` <> new.id))
BEGIN
  SELECT RAISE(ABORT, 'identifier_in_use');
END;
