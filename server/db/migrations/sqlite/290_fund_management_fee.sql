-- The AI funds' management fee (issue 18 item 4; server/domain/fund/README.md "Management fee"): a yearly rate
-- of the pool's assets, charged from the pool's cash at each dealing point for the time since the last one,
-- before the NAV of that point is struck, so every holder pays it in proportion to the units held through it.
-- fee_through: the dealing point the pool's fee was last charged up to (null until its first). fund_nav's
-- assets are after the fee; mgmt_fee is what was charged there. Seeded rates: 1.50 % and 1.00 % a year (the
-- balanced fund keeps half its money in cash).
ALTER TABLE fund_products ADD COLUMN mgmt_fee_bps INTEGER NOT NULL DEFAULT 0
  CHECK (mgmt_fee_bps BETWEEN 0 AND 500);
ALTER TABLE fund_pools ADD COLUMN fee_through INTEGER;
ALTER TABLE fund_nav ADD COLUMN mgmt_fee INTEGER NOT NULL DEFAULT 0 CHECK (mgmt_fee >= 0);
UPDATE fund_products SET mgmt_fee_bps = 150 WHERE code = 'psx-energy';
UPDATE fund_products SET mgmt_fee_bps = 100 WHERE code = 'psx-balanced';
