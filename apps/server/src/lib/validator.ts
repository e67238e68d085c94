import { Ajv, type ErrorObject, type Options as AjvOptions, type ValidateFunction } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/** What Fastify passes an ajv function as its second argument: where the value sits in the request. */
type DataValidationCxt = NonNullable<Parameters<ValidateFunction>[1]>;

/**
 * Whether the text holds a C0 control character or DEL. Almost no field of the API is free text
 * that needs them (passwords, names, codes, symbols, amounts); NUL in particular cannot be stored in
 * PostgreSQL text and would fail deep in a query. A field whose schema says `multiline: true` (a
 * text of paragraphs: a loan product's rules) may hold line breaks (LF, CR), and nothing else.
 */
function hasControl(text: string, lineBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 || c === 0x7f) && !(lineBreaks && (c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}

type SchemaNode = {
  multiline?: boolean;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
};
const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The instance paths (JSON pointers, array indexes as a pattern) of a schema's `multiline` strings, as one pattern; null when it has none. */
function multilinePaths(schema: unknown): RegExp | null {
  const found: string[] = [];
  const walk = (node: SchemaNode | undefined, path: string) => {
    if (!node || typeof node !== 'object') return;
    if (node.multiline === true) found.push(path);
    for (const [key, child] of Object.entries(node.properties ?? {}))
      walk(child, `${path}/${pointerKey(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    walk(node.items, `${path}/[0-9]+`);
    for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(child, path);
  };
  walk(schema as SchemaNode, '');
  return found.length ? new RegExp(`^(?:${found.join('|')})$`) : null;
}

/**
 * The ajv keywords of the two global rules. Their failures answer INVALID_PARAMETER naming the
 * field, not the field's own `errorCode` (which speaks of its length or format: "Password can not
 * be less than 6 characters" would be wrong for a password with a tab in it).
 */
export const GLOBAL_RULE_KEYWORDS: readonly string[] = ['finite', 'controlCharacter'];

/** Why a validated value is still refused, as an ajv error at its path; null when it is fine. */
function unsafeValue(root: unknown, multiline: RegExp | null): ErrorObject | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return { keyword: 'finite', instancePath: path, schemaPath: '#', params: {}, message: 'must be a finite number' };
    }
    if (typeof value === 'string' && hasControl(value, multiline?.test(path) ?? false)) {
      return {
        keyword: 'controlCharacter',
        instancePath: path,
        schemaPath: '#',
        params: {},
        message: 'must not contain control characters',
      };
    }
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const at = `${path}/${pointerKey(key)}`;
        if (hasControl(key))
          return {
            keyword: 'controlCharacter',
            instancePath: at,
            schemaPath: '#',
            params: {},
            message: 'must not contain control characters',
          };
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/**
 * The validator compiler of the app: TypeBox schemas from packages/contract checked by ajv, then
 * two rules every input obeys whatever its schema says (docs/security.md "Input validation"):
 * - every number is finite. Ajv's coercion turns the query text `1e400` into Infinity and then
 *   skips `minimum` and `maximum` for it; a JSON body's `1e400` is caught by the type check.
 * - no string (value or object key) holds a control character (line breaks only where the schema says `multiline`).
 *
 * Unknown fields are refused, not dropped: a misspelt field must not pass unnoticed. Bodies are
 * not coerced: an amount sent as a JSON number (a float) is refused, money is a string. Query
 * strings and path parameters are text by nature and are coerced ("2" → 2).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const options: AjvOptions = {
    keywords: ['errorCode', 'multiline'],
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
  };
  const strict = new Ajv({ ...options, coerceTypes: false });
  const coercing = new Ajv({ ...options, coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? strict : coercing).compile(schema);
    const multiline = multilinePaths(schema);
    // Fastify hands a compiled ajv function (one with `schemaEnv`) the request as parent data, so
    // that ajv may replace a coerced root value; the wrapper passes that through.
    const check = Object.assign(
      (data: unknown, dataCxt?: DataValidationCxt): boolean => {
        if (!validate(data, dataCxt)) {
          check.errors = validate.errors;
          return false;
        }
        const unsafe = unsafeValue(
          dataCxt ? (dataCxt.parentData as Record<string | number, unknown>)[dataCxt.parentDataProperty] : data,
          multiline,
        );
        check.errors = unsafe ? [unsafe] : null;
        return !unsafe;
      },
      { errors: null as ErrorObject[] | null | undefined, schemaEnv: validate.schemaEnv },
    );
    return check;
  };
}
