import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMIN_QUEUES,
  AdminLoanDetailQuery,
  AdminLoanListResponse,
  AdminLoanPhotoQuery,
  AdminLoanProductResponse,
  AdminLoanProductsResponse,
  AdminLoanQuery,
  AdminLoanResponse,
  EstimateLoanBody,
  LoanApplyBody,
  LoanDecideBody,
  LoanPaymentResponse,
  LoanProductListResponse,
  LoanProductSave,
  LoanPayAllQuoteResponse,
  LoanQuoteResponse,
  LoanResponse,
  LoanRuleResponse,
  PayAllBody,
  PayOneBody,
  RuleQuery,
  UserLoanListQuery,
  UserLoanListResponse,
} from '@app/contract';
import { schema } from '../../lib/route';
import { authOf, moneyRequestOf } from '../../plugins/session';
import { actorOf } from '../audit';
import type { LoanService } from './service';

const tags = ['loans'];
const adminTags = ['admin'];
const IMAGE_BYTES = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the image' });

/** Loans (docs/product.md §7 "Loans", docs/loans.md): products and rules, the application, the user's loans, quotes and repayment. */
export const loanRoutes: FastifyPluginAsync<{ loans: LoanService }> = async (base, { loans }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/asset/api/loan/productList',
    {
      schema: schema({
        tags,
        summary:
          'The loan products on offer: coin, amount range, period, daily rate and the late rate after the due date (no session needed: the catalogue)',
        response: LoanProductListResponse,
      }),
    },
    async (req, reply) => reply.ok(await loans.productList(req.lang)),
  );

  app.get(
    '/asset/api/rule/get-rule',
    {
      schema: schema({
        tags,
        summary:
          "A loan product's rules in the request's language (English, marked `fallback`, when it has none in it); without productId the first product's",
        querystring: RuleQuery,
        response: LoanRuleResponse,
      }),
    },
    async (req, reply) => reply.ok(await loans.rule(req.query.productId, req.lang)),
  );

  app.post(
    '/asset/api/loan/createLoanProduct',
    {
      schema: schema({
        tags,
        summary:
          'Apply for a loan (real account, KYC verified, terms accepted, at least 3 of your own private photos); it waits for review, one at a time',
        body: LoanApplyBody,
        response: LoanResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await loans.apply(moneyRequestOf(req), req.body, req.lang)),
  );

  app.get(
    '/asset/api/loan/userProductList',
    {
      schema: schema({
        tags,
        summary:
          "The user's loans, newest first, with what each owes today and whether it is overdue (`open`: can be paid; `paid`: settled)",
        querystring: UserLoanListQuery,
        response: UserLoanListResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await loans.list(authOf(req).user.id, req.query, req.lang)),
  );

  app.post(
    '/asset/api/loan/estimate-paid-loan',
    {
      schema: schema({
        tags,
        summary:
          'A binding pay-off quote for one loan (all it owes today, or a part amount: interest first), valid 10 minutes and never past 00:00 UTC',
        body: EstimateLoanBody,
        response: LoanQuoteResponse,
        auth: true,
      }),
    },
    async (req, reply) =>
      reply.ok(await loans.estimateOne({ userId: authOf(req).user.id, mode: req.typeUser }, req.body)),
  );

  app.get(
    '/asset/api/loan/estimate-paid-loans',
    {
      schema: schema({
        tags,
        summary:
          'A binding pay-off quote settling every open loan today, with the currency balance and whether it is enough; with no open loan an empty quote (no items, quoteId null)',
        response: LoanPayAllQuoteResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await loans.estimateAll({ userId: authOf(req).user.id, mode: req.typeUser })),
  );

  app.post(
    '/asset/api/loan/pay-one-application',
    {
      schema: schema({
        tags,
        summary: 'Pay a quote of estimate-paid-loan from the currency balance, once (Idempotency-Key accepted)',
        body: PayOneBody,
        response: LoanPaymentResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await loans.payOne(moneyRequestOf(req), req.body.quoteId, req.lang)),
  );

  app.post(
    '/asset/api/loan/pay-all-applications',
    {
      schema: schema({
        tags,
        summary:
          "Settle every open loan from the currency balance: a quote of estimate-paid-loans, or today's figures without one; once (Idempotency-Key accepted)",
        body: PayAllBody,
        response: LoanPaymentResponse,
        auth: true,
      }),
    },
    async (req, reply) => reply.ok(await loans.payAll(moneyRequestOf(req), req.body?.quoteId, req.lang)),
  );
};

/** The back office's loans: products (finance, admin) and the review of applications (finance, admin; four eyes above LOAN_FOUR_EYES_USDT). */
export const loanAdminRoutes: FastifyPluginAsync<{ loans: LoanService }> = async (base, { loans }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const roles = ADMIN_QUEUES.loans;

  app.get(
    '/admin/api/loans/products',
    {
      schema: schema({
        tags: adminTags,
        summary: 'Loan products, enabled or not, with their rules in every language (finance, admin)',
        response: AdminLoanProductsResponse,
        roles,
      }),
    },
    async (_req, reply) => reply.ok(await loans.adminProducts()),
  );

  app.post(
    '/admin/api/loans/products/save',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Create or change a loan product (rules in English required); existing loans keep their terms; audited (finance, admin)',
        body: LoanProductSave,
        response: AdminLoanProductResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await loans.saveProduct(actorOf(req), req.body)),
  );

  app.get(
    '/admin/api/loans/list',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Applications waiting for review, oldest first, or loans in another state, newest first (finance, admin)',
        querystring: AdminLoanQuery,
        response: AdminLoanListResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await loans.adminList(req.query)),
  );

  app.get(
    '/admin/api/loans/detail',
    {
      schema: schema({
        tags: adminTags,
        summary: 'One loan with its user, review and approvals; the read is audited (finance, admin)',
        querystring: AdminLoanDetailQuery,
        response: AdminLoanResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await loans.adminDetail(actorOf(req), req.query.id)),
  );

  app.get(
    '/admin/api/loans/photo',
    {
      schema: schema({
        tags: adminTags,
        summary: 'One document photo of an application (JPEG, PNG or WebP bytes); the view is audited (finance, admin)',
        querystring: AdminLoanPhotoQuery,
        response: IMAGE_BYTES,
        roles,
      }),
    },
    async (req, reply) => {
      const file = await loans.photo(actorOf(req), req.query.id, req.query.index);
      // Every /admin/api/ answer is `no-store` (plugins/security-headers.ts).
      return reply.type(file.mime).header('x-content-type-options', 'nosniff').send(file.data);
    },
  );

  app.post(
    '/admin/api/loans/decide',
    {
      schema: schema({
        tags: adminTags,
        summary:
          'Approve (once per operator; four eyes need two; the last approval pays the loan out) or reject with a reason an application; audited (finance, admin)',
        body: LoanDecideBody,
        response: AdminLoanResponse,
        roles,
      }),
    },
    async (req, reply) => reply.ok(await loans.decide(actorOf(req), req.body)),
  );
};
