-- Demo subscriptions never take a product's quota (docs/financing.md "Quota", decision 0146): what
-- demo subscriptions took before is given back, so `sold` is the principal of the real ones.
UPDATE financing_products p SET sold = p.sold - d.amount
FROM (SELECT product_id, sum(amount) AS amount FROM financing_subscriptions WHERE mode = 'demo' GROUP BY product_id) d
WHERE d.product_id = p.id;--> statement-breakpoint
-- The seeded products' names in the other seven languages (decision 0148), where the product still
-- has its seeded English name and no operator gave it other names.
UPDATE financing_products SET names = '{"de":"USDT 7 Tage","fr":"USDT 7 jours","it":"USDT 7 giorni","ja":"USDT 7日間","ko":"USDT 7일","zh":"USDT 7天","zh-HK":"USDT 7天"}'::jsonb
WHERE name = 'USDT 7 days' AND names = '{}'::jsonb;--> statement-breakpoint
UPDATE financing_products SET names = '{"de":"USDT 30/90 Tage","fr":"USDT 30/90 jours","it":"USDT 30/90 giorni","ja":"USDT 30/90日間","ko":"USDT 30/90일","zh":"USDT 30/90天","zh-HK":"USDT 30/90天"}'::jsonb
WHERE name = 'USDT 30/90 days' AND names = '{}'::jsonb;--> statement-breakpoint
UPDATE financing_products SET names = '{"de":"USDT 14 Tage, jederzeit einlösbar","fr":"USDT 14 jours, rachat à tout moment","it":"USDT 14 giorni, riscatto in qualsiasi momento","ja":"USDT 14日間・いつでも解約可","ko":"USDT 14일, 언제든 환매 가능","zh":"USDT 14天，随时赎回","zh-HK":"USDT 14天，隨時贖回"}'::jsonb
WHERE name = 'USDT 14 days, redeem any time' AND names = '{}'::jsonb;--> statement-breakpoint
UPDATE loan_products SET names = '{"de":"USDT 14 Tage","fr":"USDT 14 jours","it":"USDT 14 giorni","ja":"USDT 14日間","ko":"USDT 14일","zh":"USDT 14天","zh-HK":"USDT 14天"}'::jsonb
WHERE name = 'USDT 14 days' AND names = '{}'::jsonb;--> statement-breakpoint
UPDATE loan_products SET names = '{"de":"USDT 30 Tage","fr":"USDT 30 jours","it":"USDT 30 giorni","ja":"USDT 30日間","ko":"USDT 30일","zh":"USDT 30天","zh-HK":"USDT 30天"}'::jsonb
WHERE name = 'USDT 30 days' AND names = '{}'::jsonb;--> statement-breakpoint
-- Subscriptions and loans keep the names they were made with: those made under a name the product
-- still has get its other languages' names too.
UPDATE financing_subscriptions s SET product_names = p.names
FROM financing_products p WHERE p.id = s.product_id AND s.product_name = p.name;--> statement-breakpoint
UPDATE loans l SET product_names = p.names
FROM loan_products p WHERE p.id = l.product_id AND l.product_name = p.name;
