-- A bill's proposal is decided through the engine (app/modules/billing/bill.server.ts, proposalMachine): its row
-- carries a version, so two decisions at once (接受 and 驳回 of one proposal) store one.
ALTER TABLE `bill_proposals` ADD `version` integer DEFAULT 1 NOT NULL;
