CREATE INDEX `contracts_tenant_state_start_idx` ON `contracts` (`tenant_id`,`current`,`state`,`start_on`);
--> statement-breakpoint
-- 合同列表 reads its total from row_counts (entity 'contract', and 'contract.state=N' for the 状态 filter alone), kept
-- here in step with the contracts in force (current = 1; a superseded revision is not listed): counting 100,000
-- contracts took longer than the rest of the page.
INSERT INTO `row_counts` (tenant_id, entity, n) SELECT tenant_id, 'contract', count(*) FROM `contracts` WHERE current = 1 GROUP BY tenant_id;
--> statement-breakpoint
INSERT INTO `row_counts` (tenant_id, entity, n) SELECT tenant_id, 'contract.state=' || state, count(*) FROM `contracts` WHERE current = 1 GROUP BY tenant_id, state;
--> statement-breakpoint
CREATE TRIGGER `contracts_count_ai` AFTER INSERT ON `contracts` WHEN new.current = 1 BEGIN
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) VALUES (new.tenant_id, 'contract', 0);
  UPDATE `row_counts` SET n = n + 1 WHERE tenant_id = new.tenant_id AND entity = 'contract';
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) VALUES (new.tenant_id, 'contract.state=' || new.state, 0);
  UPDATE `row_counts` SET n = n + 1 WHERE tenant_id = new.tenant_id AND entity = 'contract.state=' || new.state;
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_count_ad` AFTER DELETE ON `contracts` WHEN old.current = 1 BEGIN
  UPDATE `row_counts` SET n = n - 1 WHERE tenant_id = old.tenant_id AND entity = 'contract';
  UPDATE `row_counts` SET n = n - 1 WHERE tenant_id = old.tenant_id AND entity = 'contract.state=' || old.state;
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_count_au` AFTER UPDATE OF `current`, `state` ON `contracts` WHEN old.current IS NOT new.current OR old.state IS NOT new.state BEGIN
  UPDATE `row_counts` SET n = n - 1 WHERE old.current = 1 AND tenant_id = old.tenant_id AND entity = 'contract';
  UPDATE `row_counts` SET n = n - 1 WHERE old.current = 1 AND tenant_id = old.tenant_id AND entity = 'contract.state=' || old.state;
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) SELECT new.tenant_id, 'contract', 0 WHERE new.current = 1;
  UPDATE `row_counts` SET n = n + 1 WHERE new.current = 1 AND tenant_id = new.tenant_id AND entity = 'contract';
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) SELECT new.tenant_id, 'contract.state=' || new.state, 0 WHERE new.current = 1;
  UPDATE `row_counts` SET n = n + 1 WHERE new.current = 1 AND tenant_id = new.tenant_id AND entity = 'contract.state=' || new.state;
END;
