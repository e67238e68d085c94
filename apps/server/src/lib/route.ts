import type { TSchema } from 'typebox';
import { ErrorEnvelope } from '@app/contract';

interface RouteDoc {
  tags: string[];
  summary: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: TSchema;
  /** Needs the `token` header. */
  auth?: boolean;
}

/**
 * A route's schema: validation of the input, serialisation of the answer, and its page in the
 * OpenAPI document. Every failure answers the error envelope.
 */
export function schema<D extends RouteDoc>(doc: D) {
  const { response, auth, ...rest } = doc;
  return {
    ...(rest as Omit<D, 'response' | 'auth'>),
    ...(auth ? { security: [{ token: [] }] } : {}),
    response: { 200: response as D['response'], '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
  };
}
