import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, errorMessage, parseHeaderLang, type ErrorKey, type HeaderLang } from '@app/contract';
import { AppError } from '../lib/app-error';
import { GLOBAL_RULE_KEYWORDS } from '../lib/validator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language, from the `lang` header (docs/product.md §7 mapping). */
    lang: HeaderLang;
  }
  interface FastifyReply {
    /** `{ code: 0, msg: 'success', data }` */
    ok<T>(data: T): FastifyReply;
  }
}

/** The envelope of a success: what `reply.ok(data)` sends, and what a route serialises ahead of time. */
export function successBody<T>(data: T): { code: 0; msg: 'success'; data: T } {
  return { code: 0, msg: 'success', data };
}

/**
 * `body` as the route's own serialiser writes it (its response schema): for answers sent as
 * prepared text, byte for byte what `reply.ok` would have sent.
 */
export function serializedText(reply: FastifyReply, body: unknown): string {
  const text = reply.serialize(body);
  if (typeof text !== 'string') throw new Error(`the serialiser of ${reply.request.url} returned no text`);
  return text;
}

/** Sends an answer already serialised (`serializedText`) as the JSON it is. */
export function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type JsonSchema = { properties?: Record<string, JsonSchema>; errorCode?: ErrorKey; items?: JsonSchema };

/** Walks a route schema along an ajv instancePath to the field's own schema. */
function fieldSchema(root: unknown, pointer: string[]): JsonSchema | undefined {
  let node = root as JsonSchema | undefined;
  for (const part of pointer) {
    if (!node) return undefined;
    node = node.properties?.[part] ?? (/^\d+$/.test(part) ? node.items : undefined);
  }
  return node;
}

function valueAt(body: unknown, pointer: string[]): unknown {
  let node = body;
  for (const part of pointer) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** An unknown field's name as the answer may repeat it: only a short plain name, never the caller's text at length. */
function fieldName(name: string, context: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : context;
}

/**
 * Maps a schema validation failure to a catalogue entry: a missing or empty field is
 * FIELD_REQUIRED; a field whose schema names an `errorCode` answers that; anything else is
 * INVALID_PARAMETER with the field's name.
 */
function validationError(
  request: FastifyRequest,
  error: FastifyError,
): { key: ErrorKey; params?: Record<string, string> } {
  const first = (error.validation as AjvError[] | undefined)?.[0];
  const context = (error.validationContext ?? 'body') as 'body' | 'querystring' | 'params' | 'headers';
  if (!first) return { key: 'INVALID_PARAMETER', params: { field: context } };
  const pointer = first.instancePath.split('/').filter(Boolean);
  if (first.keyword === 'required') {
    return { key: 'FIELD_REQUIRED', params: { field: String(first.params.missingProperty) } };
  }
  const field = pointer.join('.') || context;
  const source = { body: request.body, querystring: request.query, params: request.params, headers: request.headers }[
    context
  ];
  const value = valueAt(source, pointer);
  if (value === '' || value === null || value === undefined) return { key: 'FIELD_REQUIRED', params: { field } };
  if (first.keyword === 'additionalProperties') {
    return { key: 'INVALID_PARAMETER', params: { field: fieldName(String(first.params.additionalProperty), context) } };
  }
  if (GLOBAL_RULE_KEYWORDS.includes(first.keyword))
    return { key: 'INVALID_PARAMETER', params: { field: fieldName(field, context) } };
  const routeSchema = request.routeOptions.schema?.[context === 'querystring' ? 'querystring' : context];
  const code = fieldSchema(routeSchema, pointer)?.errorCode;
  return code ? { key: code } : { key: 'INVALID_PARAMETER', params: { field } };
}

const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'MULTIPART_INVALID',
  FST_INVALID_JSON_FIELD_ERROR: 'MULTIPART_INVALID',
  FST_MP_PREMATURE_CLOSE: 'MULTIPART_INVALID',
  FST_ERR_BAD_URL: 'URL_INVALID',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_INVALID',
};

/**
 * The multipart parser (@fastify/busboy) fails with plain errors that carry no code, only these
 * texts: no boundary, and a form that ends before its closing boundary. The fuzz test
 * (app.fuzz.test.ts) sends such forms, so a new wording shows up there as a 500.
 */
const MULTIPART_FAILURE =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

export function sendError(reply: FastifyReply, key: ErrorKey, params?: Record<string, string | number>): FastifyReply {
  const def = ERRORS[key];
  return reply
    .status(def.http)
    .type('application/json; charset=utf-8')
    .send({
      code: def.code,
      msg: errorMessage(key, reply.request.lang ?? 'en', params),
      data: null,
    });
}

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook runs (a malformed
 * path, a path parameter over 100 characters). The answer never repeats the path.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const raw = request.headers.lang;
  request.lang = parseHeaderLang(Array.isArray(raw) ? raw[0] : raw);
  reply.header('x-request-id', request.id);
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendError(reply, mapped);
  request.log.error({ err: error, reqId: request.id }, 'unhandled framework error');
  return sendError(reply, 'INTERNAL_ERROR');
}

/** The `{code,msg,data}` envelope, the error handler and the not-found answer (docs/architecture.md "Conventions of the API"). */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    const raw = request.headers.lang;
    request.lang = parseHeaderLang(Array.isArray(raw) ? raw[0] : raw);
  });

  // Lets a user or operator quote the id that the server log files the request under.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorateReply('ok', function <T>(this: FastifyReply, data: T) {
    return this.send(successBody(data));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error.key, error.params);
    if (error.validation) {
      const { key, params } = validationError(request, error);
      return sendError(reply, key, params);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(reply, mapped);
    if (!error.code && MULTIPART_FAILURE.test(error.message)) return sendError(reply, 'MULTIPART_INVALID');
    if (error.statusCode === 429) return sendError(reply, 'TOO_MANY_REQUESTS');
    if (error instanceof SyntaxError || error.statusCode === 400) return sendError(reply, 'MALFORMED_JSON');
    if (error.statusCode === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE');
    if (error.statusCode === 404) return sendError(reply, 'NOT_FOUND');
    // Unexpected: log everything, tell the client nothing but the request id.
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
});
