/**
 * Reading settings from the environment (docs/configuration.md). Every reader treats an unset or
 * empty variable as "use the default" and refuses anything else it cannot use with a ConfigError
 * naming the variable, the value and what is allowed, so a bad value stops start-up.
 */

/** The environment, or any object of the same shape (tests and tools pass their own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A setting the server cannot use; the message alone is what the operator needs to see. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    allowed: string,
  ) {
    super(`${variable} must be ${allowed}, got ${JSON.stringify(value)}`);
    this.name = 'ConfigError';
  }
}

/** The raw value, or undefined when it is unset or empty. */
function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function str(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

/** A string with no default: undefined when unset. */
export function optionalStr(env: Env, name: string): string | undefined {
  return raw(env, name);
}

/** An integer in min..max; decimals, exponents, hex and anything non-numeric are refused. */
export function optionalInt(env: Env, name: string, min: number, max: number): number | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  const n = /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new ConfigError(name, value, `an integer in ${min}..${max}`);
  return n;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  return optionalInt(env, name, min, max) ?? fallback;
}

export function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!(values as readonly string[]).includes(value)) throw new ConfigError(name, value, `one of ${values.join(', ')}`);
  return value as T;
}

/** Only true/false/1/0: a typo such as "ture" must not silently mean false. */
export function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, value, 'true, false, 1 or 0');
}

/**
 * A URL with one of the given schemes (without "://"). With `parse` it must also be a valid URL;
 * without, only the scheme is checked (PostgreSQL connection strings such as
 * postgres://user@/db?host=/socket are not WHATWG URLs but the driver accepts them).
 */
export function optionalUrl(env: Env, name: string, schemes: readonly string[], parse = true): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme) || (parse && !URL.canParse(value))) {
    // A password in the URL (an RPC node's, a database's) stays out of the message, which is logged.
    throw new ConfigError(
      name,
      value.replace(/\/\/[^/@]*@/, '//…@'),
      `a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    );
  }
  return value;
}

export function url(env: Env, name: string, schemes: readonly string[], fallback: string): string {
  return optionalUrl(env, name, schemes) ?? fallback;
}
