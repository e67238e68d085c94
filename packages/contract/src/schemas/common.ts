import { Type, type Static, type TSchema } from 'typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import type { ErrorKey } from '../errors';

/**
 * Every response body is `{ code, msg, data }` (docs/architecture.md "Conventions of the API"). Schemas may carry
 * `errorCode`: the catalogue key the server answers when that field fails validation.
 */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
});

export const Ok = Envelope(Type.Null());

/** Annotates a field schema with the error its validation failure answers. */
export const withError = (errorCode: ErrorKey) => ({ errorCode });

/**
 * The ids the API shows for contracts, spot orders, OTC trades and transfers: a random UUID v4
 * (lower case), made by the database at insert. It reveals neither how many there are nor their
 * order (docs/decisions/0007-public-ids-are-random-uuids.md); the database's sequence ids never
 * leave the server.
 */
export const PUBLIC_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
export const PublicId = Type.String({ description: 'opaque public id: a random UUID v4' });
/** A public id in a request; anything else (an old numeric id too) answers `errorCode`. */
export const PublicIdParam = (errorCode: ErrorKey) =>
  Type.String({ minLength: 36, maxLength: 36, pattern: PUBLIC_ID_PATTERN, ...withError(errorCode) });

export const Email = Type.String({
  maxLength: EMAIL_MAX_LENGTH,
  // Deliberately plain: one @, no spaces, a dot in the domain. Deliverability is proved by the code.
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  ...withError('EMAIL_INVALID'),
});

export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  ...withError('PASSWORD_TOO_SHORT'),
});

/**
 * Times (docs/decisions/0009-one-time-format-utc-epoch-milliseconds.md,
 * docs/architecture.md "Conventions of the API"): every time the API carries — in answers, request
 * bodies, query strings and websocket messages — is an integer count of milliseconds since
 * 1970-01-01T00:00:00Z (UTC epoch milliseconds). The web shows it in the user's time zone. Use these
 * definitions for every time field; a test over the OpenAPI document checks that they are used.
 */
export const EPOCH_MS_MAX = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z, the last ISO 8601 four-digit-year millisecond
export const EPOCH_MS_DESCRIPTION = 'UTC time in epoch milliseconds: an integer count of ms since 1970-01-01T00:00:00Z';
/** A time field; `extra` adds an `errorCode` (query parameters) or keeps other annotations. */
export const epochMs = (extra: { errorCode?: ErrorKey } = {}) =>
  Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: EPOCH_MS_DESCRIPTION, ...extra });
export const EpochMs = epochMs();
export type EpochMs = Static<typeof EpochMs>;
/** A time that may not have happened yet (a close time of an open order), or does not exist. */
export const NullableEpochMs = Type.Union([EpochMs, Type.Null()]);
/**
 * A calendar day of a named time zone (an exchange's session date), not an instant: it has no
 * epoch milliseconds of its own, so it travels as `YYYY-MM-DD` beside the zone it belongs to.
 * The one exception to EpochMs, and the test over the OpenAPI document knows it by this description.
 */
export const CALENDAR_DATE_DESCRIPTION = 'a calendar day (YYYY-MM-DD) in the time zone named beside it, not an instant';
export const CalendarDate = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  maxLength: 10,
  description: CALENDAR_DATE_DESCRIPTION,
});

export const OtpCode = Type.String({ maxLength: 4, pattern: '^[0-9]{4}$', ...withError('CODE_INVALID') });

/** A country calling code, digits only, with or without a leading +. */
export const CountryCode = Type.String({
  maxLength: 5,
  pattern: '^\\+?[0-9]{1,4}$',
  ...withError('COUNTRY_CODE_INVALID'),
});
export const PhoneNumber = Type.String({
  minLength: 4,
  maxLength: 20,
  pattern: '^[0-9 ()-]+$',
  ...withError('PHONE_INVALID'),
});

export const CountryCodeItem = Type.Object({
  iso: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  name: Type.String({ description: 'Country name in the request language' }),
  dialCode: Type.String({ description: 'Calling code without +' }),
});
export type CountryCodeItem = Static<typeof CountryCodeItem>;
export const CountryCodeListResponse = Envelope(Type.Array(CountryCodeItem));

export const UploadKind = Type.Union([Type.Literal('avatar'), Type.Literal('private')]);
export const UploadResponse = Envelope(Type.Object({ path: Type.String() }));
export type UploadResult = { path: string };

export const HealthResponse = Type.Object({ status: Type.String() });

/** A chain watcher's progress: how far behind the node's head its cursor is. */
export const ChainWatcherStatus = Type.Object({
  chain: Type.String(),
  head: Type.Union([Type.Integer(), Type.Null()], {
    description: "the node's head at the last poll; null before the first",
  }),
  cursor: Type.Union([Type.Integer(), Type.Null()], { description: 'the last block scanned' }),
  lag: Type.Union([Type.Integer(), Type.Null()], { description: 'head − cursor, in blocks' }),
  failures: Type.Integer({ description: 'failed polls in a row (the node is down or refusing)' }),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type ChainWatcherStatus = Static<typeof ChainWatcherStatus>;
/**
 * Readiness: the status for everyone; with READYZ_TOKEN (docs/configuration.md) also the details an
 * operator watches: each chain watcher of this process (head and cursor null until it first polls),
 * the engine role, the process's name, the bus and the database.
 */
export const ReadyResponse = Type.Object({
  status: Type.String(),
  chains: Type.Optional(Type.Array(ChainWatcherStatus)),
  role: Type.Optional(
    Type.Union([Type.Literal('engine'), Type.Literal('standby')], {
      description: 'whether this process runs the engine role now (docs/architecture.md "Engine role and fencing")',
    }),
  ),
  epoch: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description:
        'the election epoch this process is the engine under; null as a standby or without an election (one process)',
    }),
  ),
  node: Type.Optional(Type.String({ description: "this process's name (NODE_NAME, or host:pid)" })),
  bus: Type.Optional(
    Type.Object(
      { kind: Type.String(), connected: Type.Boolean() },
      { description: 'the bus between processes: local (one process) or nats' },
    ),
  ),
  db: Type.Optional(
    Type.Object({
      kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
      ok: Type.Boolean({ description: 'a SELECT 1 answered within a second' }),
    }),
  ),
});
