/** Business constants of docs/product.md §9. Units are in the names. */
export const APP_VERSION = '1.0.1';
export const APP_VERSION_CODE = 100;

export const SUCCESS_CODES = [0, 200] as const;
export const SESSION_EXPIRED_CODES = [301, 999] as const;
/** ERRORS.RESEND_TOO_SOON's code, for the web's send-code button without the whole catalogue. */
export const RESEND_TOO_SOON_CODE = 1107;

export const DESKTOP_BREAKPOINT_PX = 1000;
export const MOBILE_MAX_WIDTH_PX = 450;

export const SOCKET_SILENCE_TIMEOUT_MS = 3000;
export const SOCKET_RETRY_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const LOGIN_REDIRECT_DELAY_MS = 500;

export const OTP_LENGTH = 4;
export const OTP_RESEND_WAIT_S = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;

export const PASSWORD_MIN_LENGTH = 6;
/** An upper bound, so a KDF is never fed megabytes. */
export const PASSWORD_MAX_LENGTH = 128;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height an upload may declare; checked from the header before anything is decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const LOAN_PHOTOS_MIN = 3;
export const MINIMUM_AMOUNT_LABEL = 20;
export const NUMBER_MAXIMUM = 1e17;
export const FEE_WAIVER_MONTHS = 3;

export const NICKNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;

export const TYPE_USERS = ['real', 'demo'] as const;
export type TypeUser = (typeof TYPE_USERS)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const LOGIN_ORIGINS = ['WEB', 'H5'] as const;
export type LoginOrigin = (typeof LOGIN_ORIGINS)[number];

/** Request header names (docs/product.md §7). */
export const HEADER = {
  token: 'token',
  lang: 'lang',
  typeUser: 'typeUser',
  loginOrigin: 'loginOrigin',
  idempotencyKey: 'Idempotency-Key',
} as const;
