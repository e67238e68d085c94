import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-market.ts',
    './src/db/schema-otc.ts',
    './src/db/schema-trading.ts',
    './src/db/schema-operators.ts',
    './src/db/schema-kyc.ts',
    './src/db/schema-deposits.ts',
    './src/db/schema-chains.ts',
    './src/db/schema-withdrawals.ts',
    './src/db/schema-financing.ts',
    './src/db/schema-notices.ts',
    './src/db/schema-cluster.ts',
    './src/db/schema-home.ts',
  ],
  out: './migrations',
});
