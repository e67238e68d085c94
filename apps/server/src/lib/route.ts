import type { TSchema } from 'typebox';
import { ErrorEnvelope, type OperatorRole } from '@app/contract';

interface RouteDoc {
  tags: string[];
  summary: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: TSchema;
  /**
   * `true`: needs a live session (the `token` header), else 301 before anything else is looked
   * at; `'optional'`: a token is read when sent. Written as the route's OpenAPI security, which
   * the session plugin enforces.
   */
  auth?: boolean | 'optional';
  /**
   * A back-office route (/admin/api/): the operator roles allowed, written as the route's OpenAPI
   * security `[{ operator: roles }]`, which the operator session plugin enforces before the body
   * is read. Never together with `auth`.
   */
  roles?: readonly OperatorRole[];
}

/**
 * A route's schema: validation of the input, serialisation of the answer, and its page in the
 * OpenAPI document. Every failure answers the error envelope.
 */
export function schema<D extends RouteDoc>(doc: D) {
  const { response, auth, roles, ...rest } = doc;
  if (auth !== undefined && roles !== undefined)
    throw new Error(`${doc.summary}: a route takes a user session or operator roles, not both`);
  const security: Record<string, string[]>[] | undefined = roles
    ? [{ operator: [...roles] }]
    : auth === 'optional'
      ? [{}, { token: [] }]
      : auth
        ? [{ token: [] }]
        : undefined;
  return {
    ...(rest as Omit<D, 'response' | 'auth' | 'roles'>),
    ...(security ? { security } : {}),
    response: { 200: response as D['response'], '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
  };
}
