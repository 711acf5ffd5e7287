CREATE INDEX `collection_actions_tenant_case_idx` ON `collection_actions` (`tenant_id`,`case_number`);
--> statement-breakpoint
-- Issue 38: the rules "only one open …" and "… must be unique" were kept by reading first, and concurrent saves all
-- passed the read. These triggers are the database's backstop: a row entering a rule's set when another row of the set
-- is already there aborts its statement, and so the whole save's batch, with a message that reads as a unique index's
-- ("UNIQUE constraint failed: <rule>"), so every save path answers it as one (409 with the rule's own message, worded
-- by the check before saving). Triggers rather than unique indexes: the races left duplicates behind (a contract with
-- two approved final settlements, one case number twenty times), which an index would refuse to be built over and
-- which only people can sort out; the triggers leave rows already there alone and refuse any new one.
--
-- 合同清算: one final settlement a contract (its revisions together: root_id), not counting abandoned (4) or aborted (5)
-- ones. A settlement is inserted with root_id 0 and given its root in the same batch.
CREATE TRIGGER `settlements_one_final_bi` BEFORE INSERT ON `settlements`
WHEN new.kind = 'final' AND new.state IN (0, 1, 2, 3) AND new.root_id <> 0
  AND EXISTS (SELECT 1 FROM `settlements` s WHERE s.root_id = new.root_id AND s.tenant_id = new.tenant_id AND s.kind = 'final' AND s.state IN (0, 1, 2, 3))
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: settlements.one_final');
END;
--> statement-breakpoint
CREATE TRIGGER `settlements_one_final_bu` BEFORE UPDATE OF `kind`, `state`, `root_id` ON `settlements`
WHEN new.kind = 'final' AND new.state IN (0, 1, 2, 3) AND new.root_id <> 0
  AND (old.kind <> 'final' OR old.state NOT IN (0, 1, 2, 3) OR old.root_id <> new.root_id)
  AND EXISTS (SELECT 1 FROM `settlements` s WHERE s.root_id = new.root_id AND s.tenant_id = new.tenant_id AND s.kind = 'final' AND s.state IN (0, 1, 2, 3) AND s.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: settlements.one_final');
END;
--> statement-breakpoint
-- 逾期处理: one open act (draft 0 or in approval 1) of a kind on a contract (its revisions together: same tenant and
-- number, same root), except urges, which are records.
CREATE TRIGGER `collection_actions_one_open_bi` BEFORE INSERT ON `collection_actions`
WHEN new.kind <> 'urge' AND new.state IN (0, 1)
  AND EXISTS (
    SELECT 1 FROM `collection_actions` a
    WHERE a.kind = new.kind AND a.state IN (0, 1)
      AND a.contract_id IN (SELECT c.id FROM `contracts` c, `contracts` n WHERE n.id = new.contract_id AND c.tenant_id = n.tenant_id AND c.number = n.number AND coalesce(c.root_id, c.id) = coalesce(n.root_id, n.id))
  )
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: collection_actions.one_open');
END;
--> statement-breakpoint
CREATE TRIGGER `collection_actions_one_open_bu` BEFORE UPDATE OF `kind`, `state`, `contract_id` ON `collection_actions`
WHEN new.kind <> 'urge' AND new.state IN (0, 1)
  AND (old.kind <> new.kind OR old.state NOT IN (0, 1) OR old.contract_id <> new.contract_id)
  AND EXISTS (
    SELECT 1 FROM `collection_actions` a
    WHERE a.kind = new.kind AND a.state IN (0, 1) AND a.id <> new.id
      AND a.contract_id IN (SELECT c.id FROM `contracts` c, `contracts` n WHERE n.id = new.contract_id AND c.tenant_id = n.tenant_id AND c.number = n.number AND coalesce(c.root_id, c.id) = coalesce(n.root_id, n.id))
  )
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: collection_actions.one_open');
END;
--> statement-breakpoint
-- 诉讼: a case number names one lawsuit of the tenant, not counting abandoned (6) ones.
CREATE TRIGGER `collection_actions_case_bi` BEFORE INSERT ON `collection_actions`
WHEN new.kind = 'lawsuit' AND new.case_number IS NOT NULL AND new.state <> 6
  AND EXISTS (SELECT 1 FROM `collection_actions` a WHERE a.tenant_id = new.tenant_id AND a.case_number = new.case_number AND a.kind = 'lawsuit' AND a.state <> 6)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: collection_actions.case_number');
END;
--> statement-breakpoint
CREATE TRIGGER `collection_actions_case_bu` BEFORE UPDATE OF `kind`, `state`, `case_number` ON `collection_actions`
WHEN new.kind = 'lawsuit' AND new.case_number IS NOT NULL AND new.state <> 6
  AND (old.kind <> 'lawsuit' OR old.state = 6 OR old.case_number IS NOT new.case_number)
  AND EXISTS (SELECT 1 FROM `collection_actions` a WHERE a.tenant_id = new.tenant_id AND a.case_number = new.case_number AND a.kind = 'lawsuit' AND a.state <> 6 AND a.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: collection_actions.case_number');
END;
--> statement-breakpoint
-- The names the resource declarations call unique (`unique:`) without an index behind them: a user's name in the tenant
-- (用户管理), a fence's and a route's name (电子围栏, 线路), a satisfaction question (满意度调查), an organisation's name
-- among its siblings (组织管理).
CREATE TRIGGER `users_name_bi` BEFORE INSERT ON `users`
WHEN EXISTS (SELECT 1 FROM `users` u WHERE u.tenant_id = new.tenant_id AND u.user_name = new.user_name)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: users.user_name');
END;
--> statement-breakpoint
CREATE TRIGGER `users_name_bu` BEFORE UPDATE OF `user_name`, `tenant_id` ON `users`
WHEN (old.user_name IS NOT new.user_name OR old.tenant_id <> new.tenant_id)
  AND EXISTS (SELECT 1 FROM `users` u WHERE u.tenant_id = new.tenant_id AND u.user_name = new.user_name AND u.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: users.user_name');
END;
--> statement-breakpoint
CREATE TRIGGER `fences_name_bi` BEFORE INSERT ON `fences`
WHEN EXISTS (SELECT 1 FROM `fences` f WHERE f.tenant_id = new.tenant_id AND f.name = new.name)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: fences.name');
END;
--> statement-breakpoint
CREATE TRIGGER `fences_name_bu` BEFORE UPDATE OF `name`, `tenant_id` ON `fences`
WHEN (old.name IS NOT new.name OR old.tenant_id <> new.tenant_id)
  AND EXISTS (SELECT 1 FROM `fences` f WHERE f.tenant_id = new.tenant_id AND f.name = new.name AND f.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: fences.name');
END;
--> statement-breakpoint
CREATE TRIGGER `route_lines_name_bi` BEFORE INSERT ON `route_lines`
WHEN EXISTS (SELECT 1 FROM `route_lines` r WHERE r.tenant_id = new.tenant_id AND r.name = new.name)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: route_lines.name');
END;
--> statement-breakpoint
CREATE TRIGGER `route_lines_name_bu` BEFORE UPDATE OF `name`, `tenant_id` ON `route_lines`
WHEN (old.name IS NOT new.name OR old.tenant_id <> new.tenant_id)
  AND EXISTS (SELECT 1 FROM `route_lines` r WHERE r.tenant_id = new.tenant_id AND r.name = new.name AND r.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: route_lines.name');
END;
--> statement-breakpoint
CREATE TRIGGER `satisfaction_questions_text_bi` BEFORE INSERT ON `satisfaction_questions`
WHEN EXISTS (SELECT 1 FROM `satisfaction_questions` q WHERE q.tenant_id = new.tenant_id AND q.text = new.text)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: satisfaction_questions.text');
END;
--> statement-breakpoint
CREATE TRIGGER `satisfaction_questions_text_bu` BEFORE UPDATE OF `text`, `tenant_id` ON `satisfaction_questions`
WHEN (old.text IS NOT new.text OR old.tenant_id <> new.tenant_id)
  AND EXISTS (SELECT 1 FROM `satisfaction_questions` q WHERE q.tenant_id = new.tenant_id AND q.text = new.text AND q.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: satisfaction_questions.text');
END;
--> statement-breakpoint
CREATE TRIGGER `organisations_name_bi` BEFORE INSERT ON `organisations`
WHEN EXISTS (SELECT 1 FROM `organisations` o WHERE o.tenant_id = new.tenant_id AND o.parent_id IS new.parent_id AND o.name = new.name)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: organisations.name');
END;
--> statement-breakpoint
CREATE TRIGGER `organisations_name_bu` BEFORE UPDATE OF `name`, `parent_id`, `tenant_id` ON `organisations`
WHEN (old.name IS NOT new.name OR old.parent_id IS NOT new.parent_id OR old.tenant_id <> new.tenant_id)
  AND EXISTS (SELECT 1 FROM `organisations` o WHERE o.tenant_id = new.tenant_id AND o.parent_id IS new.parent_id AND o.name = new.name AND o.id <> new.id)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: organisations.name');
END;
