import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API, KycDocumentsBody, KycInfoResponse, KycPrimaryBody, KycTypeQuery, KycTypeResponse } from '@app/contract';
import { schema } from '../../lib/route';
import { authOf } from '../../plugins/session';
import type { KycService } from './service';

const tags = ['kyc'];

/** Identity verification (spec §7 "KYC"; docs/kyc.md). */
export const kycRoutes: FastifyPluginAsync<{ kyc: KycService }> = async (base, { kyc }) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(API.idCard.type, {
    schema: schema({ tags, summary: 'The document types accepted for a nationality (or for every country)', querystring: KycTypeQuery, response: KycTypeResponse }),
  }, async (req, reply) => reply.ok({ nationality: req.query.nationality ?? null, types: [...kyc.documentTypes(req.query.nationality)] }));

  app.get(API.idCard.info, {
    schema: schema({ tags, summary: 'The user\'s verification: its state, what was submitted, and why it was rejected', response: KycInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await kyc.info(authOf(req).user.id)));

  app.post(API.idCard.insertPrimaryVerification, {
    schema: schema({ tags, summary: 'Stage 1, real name: document type, nationality, name and ID number (again to correct them, until the documents are submitted)', body: KycPrimaryBody, response: KycInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await kyc.submitPrimary(authOf(req).user.id, req.body)));

  app.post(API.idCard.insert, {
    schema: schema({ tags, summary: 'Stage 2, advanced: the document\'s front and back and a selfie holding it (private uploads); then it awaits review', body: KycDocumentsBody, response: KycInfoResponse, auth: true }),
  }, async (req, reply) => reply.ok(await kyc.submitDocuments(authOf(req).user.id, req.body)));
};
