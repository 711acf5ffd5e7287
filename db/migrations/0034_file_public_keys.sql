-- Every file gets an unguessable key (128 random bits, hex) that its download address carries instead of the
-- sequential id; the files that exist get theirs here. A row without a key (none are written so) is never served.
ALTER TABLE `files` ADD `public_key` text;--> statement-breakpoint
UPDATE `files` SET `public_key` = lower(hex(randomblob(16))) WHERE `public_key` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `files_public_key_idx` ON `files` (`public_key`);
