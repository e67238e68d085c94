-- Prices in ticks, not display decimals (decision 0140): five crypto instruments were quoted and stored
-- in docs/product.md §9's display decimals, coarser than their exchange's tick; their price unit is now
-- the tick (packages/contract/src/assets.ts priceDecimalsOf). Every price stored in their units is
-- scaled by 10^(new - old decimals), exactly, so history, open orders and settled contracts keep their
-- values: BCHUSDT 1 → 2, DOTUSDT 2 → 3, EOSUSDT 1 → 4, SUSHIUSDT 3 → 4, OMGUSDT 3 → 4.
-- The simulator's stored states (market_candles.gen_ref) keep their unit (decision 0141), and prices
-- stored as decimal strings or with their own decimals (otc_quotes.rates, otc_trades.price) are unchanged.
UPDATE market_candles c
SET open = c.open * s.k, high = c.high * s.k, low = c.low * s.k, close = c.close * s.k, quote_volume = c.quote_volume * s.k
FROM (VALUES ('BCHUSDT', 10), ('DOTUSDT', 10), ('EOSUSDT', 1000), ('SUSHIUSDT', 10), ('OMGUSDT', 10)) AS s(symbol, k)
WHERE c.symbol = s.symbol;--> statement-breakpoint
UPDATE market_ticks t
SET price = t.price * s.k, bid = t.bid * s.k, ask = t.ask * s.k
FROM (VALUES ('BCHUSDT', 10), ('DOTUSDT', 10), ('EOSUSDT', 1000), ('SUSHIUSDT', 10), ('OMGUSDT', 10)) AS s(symbol, k)
WHERE t.symbol = s.symbol;--> statement-breakpoint
UPDATE contract_settlements cs
SET close_price = cs.close_price * s.k
FROM contracts c, (VALUES ('BCHUSDT', 10), ('DOTUSDT', 10), ('EOSUSDT', 1000), ('SUSHIUSDT', 10), ('OMGUSDT', 10)) AS s(symbol, k)
WHERE cs.contract_id = c.id AND c.symbol = s.symbol;--> statement-breakpoint
UPDATE contracts c
SET open_price = c.open_price * s.k
FROM (VALUES ('BCHUSDT', 10), ('DOTUSDT', 10), ('EOSUSDT', 1000), ('SUSHIUSDT', 10), ('OMGUSDT', 10)) AS s(symbol, k)
WHERE c.symbol = s.symbol;--> statement-breakpoint
UPDATE spot_orders o
SET price = o.price * s.k, fill_price = o.fill_price * s.k
FROM (VALUES ('BCHUSDT', 10), ('DOTUSDT', 10), ('EOSUSDT', 1000), ('SUSHIUSDT', 10), ('OMGUSDT', 10)) AS s(symbol, k)
WHERE o.symbol = s.symbol;
