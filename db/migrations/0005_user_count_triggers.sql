-- The user list's total comes from row_counts (entity 'user'), kept here in step with users.
INSERT INTO `row_counts` (tenant_id, entity, n) SELECT tenant_id, 'user', count(*) FROM `users` GROUP BY tenant_id;
--> statement-breakpoint
CREATE TRIGGER `users_count_ai` AFTER INSERT ON `users` BEGIN
  INSERT OR IGNORE INTO `row_counts` (tenant_id, entity, n) VALUES (new.tenant_id, 'user', 0);
  UPDATE `row_counts` SET n = n + 1 WHERE tenant_id = new.tenant_id AND entity = 'user';
END;
--> statement-breakpoint
CREATE TRIGGER `users_count_ad` AFTER DELETE ON `users` BEGIN
  UPDATE `row_counts` SET n = n - 1 WHERE tenant_id = old.tenant_id AND entity = 'user';
END;
