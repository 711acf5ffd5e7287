-- Substring search over the user list (account, name, mobile) without a full scan: an FTS5 trigram index
-- kept in step with users by triggers. Searches shorter than three characters fall back to LIKE.
CREATE VIRTUAL TABLE `users_search` USING fts5(login_account, user_name, phone, content='users', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_search_ai` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search`(rowid, login_account, user_name, phone) VALUES (new.id, new.login_account, new.user_name, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_ad` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, login_account, user_name, phone) VALUES ('delete', old.id, old.login_account, old.user_name, old.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_au` AFTER UPDATE OF login_account, user_name, phone ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, login_account, user_name, phone) VALUES ('delete', old.id, old.login_account, old.user_name, old.phone);
  INSERT INTO `users_search`(rowid, login_account, user_name, phone) VALUES (new.id, new.login_account, new.user_name, new.phone);
END;
