import type { FastifyInstance } from 'fastify';

/** The parts of a JSON schema (as @fastify/swagger writes it) that the route tests read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
}

interface DocParameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** One route of the OpenAPI document, as the route tests need it. */
export interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  /** `required`: the route answers 301 without a live session; `optional`: a token is read if sent. */
  session: 'required' | 'optional' | 'none';
  /** A back-office route: the operator roles its security allows (`[{ operator: roles }]`); null otherwise. */
  roles: string[] | null;
  query: DocParameter[];
  params: DocParameter[];
  /** The JSON body schema, when the route takes one. */
  body: JsonSchema | undefined;
  /** Whether a success is the `{code,msg,data}` envelope (health answers are not). */
  envelope: boolean;
}

/** Security `[{token: []}]` means a session is required; `[{}, {token: []}]` means optional. */
function sessionOf(security: DocOperation['security']): Operation['session'] {
  if (!security?.some((s) => 'token' in s)) return 'none';
  return security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required';
}

/** The roles of an operator route's security, or null for any other route. */
function rolesOf(security: DocOperation['security']): string[] | null {
  const entry = security?.find((s) => 'operator' in s);
  return entry ? [...(entry.operator ?? [])] : null;
}

/** Every GET and POST route the app publishes in its OpenAPI document, in document order. */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, DocOperation>> };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (method !== 'get' && method !== 'post') continue;
      const params = op.parameters ?? [];
      const ok = op.responses?.['200']?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        session: sessionOf(op.security),
        roles: rolesOf(op.security),
        query: params.filter((p) => p.in === 'query'),
        params: params.filter((p) => p.in === 'path'),
        body: op.requestBody?.content['application/json']?.schema,
        envelope: Boolean(ok?.properties?.code && ok.properties.msg),
      });
    }
  }
  return out;
}

/** The path with each `{name}` replaced by the (already encoded) value given for it. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? 'x');
}
