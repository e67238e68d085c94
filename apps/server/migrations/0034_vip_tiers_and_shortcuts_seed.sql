-- The home shortcuts of docs/product.md §1 in its order, as the web app showed them before operators
-- could change them; Cloud Mining Pool hidden: the product offers no mining
-- (docs/decisions/0153-home-shortcuts-configured-by-operators.md).
INSERT INTO home_shortcuts (key, visible, position, target) VALUES
  ('deposit', true, 0, '/pages/recharge/index'),
  ('vip', true, 1, '/pages/home/vip'),
  ('otc', true, 2, '/pages/otc/index'),
  ('cloudMining', false, 3, '/pages/home/coming-soon?feature=cloudMining'),
  ('noviceGuide', true, 4, '/pages/home/novice-guide'),
  ('liveChat', true, 5, '/pages/home/components/customer-service?from=home'),
  ('ranking', true, 6, '/pages/home/ranking'),
  ('announcements', true, 7, '/pages/news/index?tab=announcement')
ON CONFLICT (key) DO NOTHING;--> statement-breakpoint
-- The VIP ladder operators start from (docs/vip.md): thresholds in USDT minor units (6 decimals),
-- benefits in basis points of the standard withdrawal fee, OTC spread and withdrawal limits.
INSERT INTO vip_tiers (level, min_volume, min_balance, withdraw_fee_discount_bps, otc_spread_discount_bps, withdraw_limit_bps) VALUES
  (1, 10000000000, 5000000000, 1000, 1000, 12500),
  (2, 50000000000, 25000000000, 2500, 2000, 15000),
  (3, 250000000000, 100000000000, 5000, 3500, 20000),
  (4, 1000000000000, 500000000000, 7500, 5000, 30000)
ON CONFLICT (level) DO NOTHING;--> statement-breakpoint
-- The 30-day volume of OTC trades made before volume_usdt was recorded: a buy paid from_amount USDT
-- (fee included), a sell sold for to_amount + fee. A flash exchange's USDT leg was not recorded and
-- cannot be recomputed from the row, so those made before this migration count 0 (at most 30 days).
UPDATE otc_trades SET volume_usdt = CASE side WHEN 'buy' THEN from_amount WHEN 'sell' THEN to_amount + fee ELSE 0 END;
