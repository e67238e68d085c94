import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminFinancingProductResponse,
  AdminFinancingProductsResponse,
  AdminSubscriptionListResponse,
  AdminSubscriptionQuery,
  BuyQuery,
  EstimateQuery,
  FinancingEstimateResponse,
  FinancingProductListResponse,
  FinancingProductSave,
  FinancingSubscriptionResponse,
  ListTimeQuery,
  ListTimeResponse,
  ProductListQuery,
  ProfitRateQuery,
  ProfitRateResponse,
  RedeemBody,
  RedeemResponse,
  UserProductListQuery,
  UserProductListResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { FinancingService } from './service';

const tags = ['financing'];
const adminTags = ['admin'];
/** Who creates and changes products and sees subscriptions in the back office. */
const ROLES = ['admin', 'finance'] as const;

/** Fixed-term financing (docs/product.md §7 "Financing"; docs/financing.md). */
export const financingRoutes: FastifyPluginAsync<{ financing: FinancingService }> = async (base, { financing }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/product/productList',
    {
      schema: schema({
        tags,
        summary:
          'Financing products whose sale has not ended (of one coin when given), with their terms, limits and the quota left; `onSale` says which can be bought now',
        querystring: ProductListQuery,
        response: FinancingProductListResponse,
      }),
    },
    async (req, reply) => reply.ok(await financing.productList(req.query.currency, req.lang)),
  );

  app.get(
    '/asset/api/product/estimatedAmount',
    {
      schema: schema({
        tags,
        summary:
          'The interest (exact, rounded up), dates and total of subscribing an amount for a duration, and a one-use token (5 minutes, at most to the end of the UTC day) that confirms exactly this at buyFinanceProduct; nothing moves',
        querystring: EstimateQuery,
        response: FinancingEstimateResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await financing.estimate(authOf(req).user.id, req.typeUser, req.query)),
  );

  app.get(
    '/asset/api/product/buyFinanceProduct',
    {
      schema: schema({
        tags,
        summary:
          "Subscribe, as the product document has it, over GET: needs the session, an Idempotency-Key header and the estimate's token (spent once, by its own user and mode); the amount moves from the financing account to its frozen balance; a replay with the same key answers the first result",
        querystring: BuyQuery,
        response: FinancingSubscriptionResponse,
        auth: true,
      }),
    },
    async (req, reply) => {
      // Never cached by a browser or a proxy: the answer is one user's, and the request moves money.
      reply.header('cache-control', 'no-store');
      return reply.ok(await financing.buy(moneyRequestOf(req), req.query.token, req.lang));
    },
  );

  app.get(
    '/asset/api/product/userProductList',
    {
      schema: schema({
        tags,
        summary:
          "The user's subscriptions in this account mode, newest first (of one state when given), and per coin what is held during its term and its interest to come",
        querystring: UserProductListQuery,
        response: UserProductListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await financing.userList(authOf(req).user.id, req.typeUser, req.query, req.lang)),
  );

  app.post(
    '/asset/api/product/redeem',
    {
      schema: schema({
        tags,
        summary:
          'End a subscription before it matures, where its product allows it: the principal back, and the interest of the whole days earned if the product keeps it (forfeited otherwise); `preview: true` answers the figures and moves nothing (Idempotency-Key accepted)',
        body: RedeemBody,
        response: RedeemResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await financing.redeem(moneyRequestOf(req), req.body, req.lang)),
  );

  app.get(
    '/asset/api/manage-rate/list-time',
    {
      schema: schema({
        tags,
        summary:
          'The durations on sale (of one coin when given), shortest first, each with the lowest and highest annualised rate and how many products offer it',
        querystring: ListTimeQuery,
        response: ListTimeResponse,
      }),
    },
    async (req, reply) => reply.ok(await financing.listTime(req.query.currency)),
  );

  app.get(
    '/asset/api/manage-rate/get-profit-rate',
    {
      schema: schema({
        tags,
        summary: "A product's annualised rate for one of its durations",
        querystring: ProfitRateQuery,
        response: ProfitRateResponse,
      }),
    },
    async (req, reply) => reply.ok(await financing.profitRate(req.query.productId, req.query.days)),
  );
};

/** The back office's financing: products (created and changed, audited) and subscriptions (admin, finance). */
export const financingAdminRoutes: FastifyPluginAsync<{ financing: FinancingService }> = async (
  base,
  { financing },
) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/api/financing/products',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Every financing product, with what is sold and the subscriptions during their term (admin, finance)',
        response: AdminFinancingProductsResponse,
        roles: ROLES,
      }),
    },
    async (_req, reply) => reply.ok(await financing.adminProducts()),
  );

  app.post(
    '/admin/api/financing/products/save',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Create a financing product (no id) or change one: its terms, limits, quota, sale dates, early redemption and switch apply to new subscriptions only; audited (admin, finance)',
        body: FinancingProductSave,
        response: AdminFinancingProductResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await financing.saveProduct(actorOf(req), req.body)),
  );

  app.get(
    '/admin/api/financing/subscriptions',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Financing subscriptions of every user and mode, newest first (of one state or user when given) (admin, finance)',
        querystring: AdminSubscriptionQuery,
        response: AdminSubscriptionListResponse,
        roles: ROLES,
      }),
    },
    async (req, reply) => reply.ok(await financing.adminSubscriptions(req.query)),
  );
};
