-- Rental III: no data is not idle. A day of a line's evidence with no roll-up from its machine (terminal offline) is
-- 'no data', shown apart from a quiet day and never proposed as idle or stop-rent; an out-car record that day counts
-- as work (app/modules/billing/evidence.ts).
ALTER TABLE `bill_evidence` ADD `no_data` integer DEFAULT 0 NOT NULL;
ALTER TABLE `bill_evidence` ADD `calls` integer DEFAULT 0 NOT NULL;
