/**
 * The contract's schemas are TypeBox values built at module level (`Type.Object(...)`): the
 * server validates with them, the web app and the back office mostly use only their types.
 * Their vite configs mark these builders pure (rolldown's `manualPureFunctions`), so the schemas
 * an app does not use drop out of its bundle (issue 14). No contract module acts on load.
 */
export const TYPEBOX_PURE_BUILDERS = [
  'Array',
  'Boolean',
  'Enum',
  'Integer',
  'Literal',
  'Null',
  'Object',
  'Optional',
  'String',
  'Tuple',
  'Union',
  'Unknown',
].map((name) => `Type.${name}`);
