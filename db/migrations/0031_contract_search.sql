-- Substring search over the contract list (number, name, project) without a full scan: an FTS5 trigram index kept in
-- step with contracts by triggers, as users_search (0003). At 100,000 contracts the LIKE scan took ~165 ms a search
-- (the page and again its total). Searches shorter than three characters fall back to LIKE; the customer's name is
-- still matched through the customers table.
CREATE VIRTUAL TABLE `contracts_search` USING fts5(number, name, project, content='contracts', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `contracts_search`(`contracts_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `contracts_search_ai` AFTER INSERT ON `contracts` BEGIN
  INSERT INTO `contracts_search`(rowid, number, name, project) VALUES (new.id, new.number, new.name, new.project);
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_search_ad` AFTER DELETE ON `contracts` BEGIN
  INSERT INTO `contracts_search`(`contracts_search`, rowid, number, name, project) VALUES ('delete', old.id, old.number, old.name, old.project);
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_search_au` AFTER UPDATE OF number, name, project ON `contracts` BEGIN
  INSERT INTO `contracts_search`(`contracts_search`, rowid, number, name, project) VALUES ('delete', old.id, old.number, old.name, old.project);
  INSERT INTO `contracts_search`(rowid, number, name, project) VALUES (new.id, new.number, new.name, new.project);
END;
