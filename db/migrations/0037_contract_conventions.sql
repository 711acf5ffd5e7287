-- Rental III: the contract's conventions decide the bill (app/modules/billing/pricing.ts, docs/billing.md).
-- day_count: 'thirty' (a day's rent is the monthly rate ÷ 30, the trade's 30-day month: every contract made before) or
--   'calendar' (÷ the days of that settlement month, e.g. 31 for 21 Oct – 20 Nov); a new contract takes the tenant's
--   default from /tenantConfig.
-- price_tax: 'included' (含税价: the tax is taken out of each item, as before) or 'excluded' (不含税价: each item's tax
--   is added at the contract's rate).
-- min_term_months: a minimum term in months (six months is six months), beside the one in days; min_term_clause: the
--   contract's clause the early-end top-up cites (e.g. 第5条).
ALTER TABLE `contracts` ADD `day_count` text DEFAULT 'thirty' NOT NULL CHECK (`day_count` in ('thirty', 'calendar'));
ALTER TABLE `contracts` ADD `price_tax` text DEFAULT 'included' NOT NULL CHECK (`price_tax` in ('included', 'excluded'));
ALTER TABLE `contracts` ADD `min_term_months` integer;
ALTER TABLE `contracts` ADD `min_term_clause` text;
