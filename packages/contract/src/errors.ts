import { RESEND_TOO_SOON_CODE } from './constants';

/**
 * The error-code catalogue: every failure the API can answer, with its number, HTTP status
 * and English message. Translations live in `messages/<lang>.ts`, typed against these keys,
 * so a missing translation is a compile error. docs/error-codes.md is generated from here.
 *
 * Ranges: 301 session; 1000–1099 general; 1100–1199 accounts and security;
 * 1200–1299 uploads; 1300–1399 money (used by the ledger, wallet and loan modules);
 * 1400–1499 market data (quotes, candles, favourites, the market websocket);
 * 1500–1599 trading (seconds contracts, spot orders); 1600–1699 the back office (operators, audit);
 * 1700–1799 identity verification (KYC); 1800–1899 deposits; 1900–1999 withdrawals;
 * 2000–2099 financing; 2100–2199 loans; 2240–2259 customer-service chat;
 * 2260–2269 app versions and downloads; 2270–2279 home shortcuts and VIP tiers.
 */
export interface ErrorDef {
  readonly code: number;
  readonly http: number;
  readonly en: string;
  /** What it means and when it happens; goes into docs/error-codes.md. */
  readonly meaning: string;
}

function def(code: number, http: number, en: string, meaning: string): ErrorDef {
  return { code, http, en, meaning };
}

export const ERRORS = {
  SESSION_EXPIRED: def(
    301,
    401,
    'Login session expired',
    'The token header is missing, unknown, revoked or past its idle or absolute expiry. Log in again.',
  ),

  INTERNAL_ERROR: def(
    1000,
    500,
    'Server exception, please try again later',
    'An unexpected failure. The server log has the details under the request id the answer carries in its x-request-id header.',
  ),
  INVALID_PARAMETER: def(1001, 400, 'Invalid parameter: {field}', 'A field has the wrong type, format or length.'),
  FIELD_REQUIRED: def(1002, 400, 'This field is required', 'A required field is missing or empty.'),
  NOT_FOUND: def(1003, 404, 'Not found', 'No route or object at this path.'),
  TOO_MANY_REQUESTS: def(
    1005,
    429,
    'Too many requests, please try again later',
    'A rate limit was reached. Wait and try again.',
  ),
  PAYLOAD_TOO_LARGE: def(1006, 413, 'Request body is too large', 'The body is larger than the endpoint accepts.'),
  UNSUPPORTED_MEDIA_TYPE: def(
    1007,
    415,
    'Unsupported content type',
    'The body is not in a format the endpoint accepts (JSON, or multipart for uploads).',
  ),
  NOT_READY: def(
    1008,
    503,
    'Service is starting, please try again later',
    'The database is not open or not migrated yet.',
  ),
  MALFORMED_JSON: def(1009, 400, 'Malformed request body', 'The body could not be parsed as JSON.'),
  TYPE_USER_INVALID: def(
    1010,
    400,
    'Unknown account type: use real or demo',
    'The typeUser header is neither `real` nor `demo` (an absent header means real). Refused before anything runs, so nothing moves on a ledger the caller did not name.',
  ),
  URL_INVALID: def(
    1011,
    400,
    'Invalid request address',
    'The path is malformed (broken percent-encoding) or a path segment is longer than 100 characters. The answer does not repeat the path.',
  ),
  MULTIPART_INVALID: def(
    1012,
    400,
    'The upload form could not be read',
    'A multipart body is broken: no boundary, a part cut off, a field named like a prototype property, or the form ends early.',
  ),

  PASSWORD_TOO_SHORT: def(
    1101,
    400,
    'Password can not be less than 6 characters',
    'A password (login or fund) is shorter than 6 characters.',
  ),
  PASSWORDS_MISMATCH: def(
    1102,
    400,
    'Passwords inconsistent',
    'The server compared a password and its confirmation and they differ (docs/product.md §8 text; the web form says "The two passwords do not match", docs/product.md §5).',
  ),
  PHONE_INVALID: def(
    1103,
    400,
    'Incorrect phone number format',
    'The phone number is not a valid national number for the country code.',
  ),
  EMAIL_INVALID: def(1104, 400, 'Please enter a valid email address', 'The e-mail address is not valid.'),
  ACCOUNT_NOT_FOUND: def(
    1105,
    404,
    'This account does not exist',
    'No account has this phone or e-mail (login, forgot password). Rate-limited.',
  ),
  ACCOUNT_EXISTS: def(
    1106,
    409,
    'This account already exists',
    'An account already has this phone or e-mail (register, bind e-mail).',
  ),
  RESEND_TOO_SOON: def(
    RESEND_TOO_SOON_CODE,
    429,
    'Please resend after 60 seconds',
    'A code was sent to this destination less than 60 seconds ago.',
  ),
  CODE_INVALID: def(
    1108,
    400,
    'Code Invalid',
    'The verification code is wrong, already used, or was never sent for this destination and purpose.',
  ),
  CODE_EXPIRED: def(
    1109,
    400,
    'The verification code has expired, please request a new one',
    'The code is older than 10 minutes.',
  ),
  CODE_ATTEMPTS_EXCEEDED: def(
    1110,
    400,
    'Too many wrong codes, please request a new one',
    'The code was entered wrongly 5 times and no longer works.',
  ),
  OTP_DAILY_LIMIT: def(
    1111,
    429,
    'Too many codes requested today, please try again tomorrow',
    'The daily cap of codes for this destination or this network address is reached.',
  ),
  PASSWORD_INCORRECT: def(1112, 400, 'Incorrect account or password', 'The password does not match the account.'),
  LOGIN_LOCKED: def(
    1113,
    429,
    'Too many failed attempts, please try again in {minutes} minutes',
    'Too many failed logins for this account or from this network address.',
  ),
  INVITATION_CODE_INVALID: def(
    1114,
    400,
    'Invitation code does not exist',
    'The optional invitation code matches no user.',
  ),
  FUND_PASSWORD_NOT_SET: def(
    1115,
    400,
    'Please set a fund password first',
    'The action needs a fund password and none is set.',
  ),
  FUND_PASSWORD_INCORRECT: def(1116, 400, 'Incorrect fund password', 'The fund password does not match.'),
  FUND_PASSWORD_ALREADY_SET: def(
    1117,
    409,
    'The fund password is already set',
    'Setting a fund password when one exists; change it with the old one, or use forgot fund password.',
  ),
  OLD_PASSWORD_INCORRECT: def(
    1118,
    400,
    'The current password is incorrect',
    'Change password or fund password: the current one does not match.',
  ),
  PASSWORD_UNCHANGED: def(
    1119,
    400,
    'The new password must differ from the current one',
    'Change password: the new password equals the current one.',
  ),
  COUNTRY_CODE_INVALID: def(
    1120,
    400,
    'Please select a valid country',
    'The country calling code is not in the country list.',
  ),
  NO_CONTACT_FOR_CODE: def(
    1121,
    400,
    'No phone or e-mail is bound to receive a code',
    'Forgot fund password: the account has no destination of the requested kind.',
  ),
  DASHBOARD_LAYOUT_INVALID: def(
    1122,
    400,
    'This dashboard layout does not name every panel exactly once',
    'Saving a dashboard layout whose list names a panel twice or leaves one out (each of markets, chart, orders, book, trades, entry and account exactly once).',
  ),
  FUND_PASSWORD_LOCKED: def(
    1124,
    429,
    'Too many wrong fund passwords, please try again in {minutes} minutes',
    'The fund password was wrong FUND_PASSWORD_MAX_FAILURES times within FUND_PASSWORD_LOCK_MINUTES: every action that needs it (saving or deleting a withdrawal address, changing the fund password) is refused until the oldest failure leaves the window, even with the right one.',
  ),
  FUND_PASSWORD_SAME_AS_LOGIN: def(
    1125,
    400,
    'The fund password must differ from the login password',
    'Setting, changing or resetting the fund password to the login password, or changing the login password to the fund password: the two are kept different, so that a leaked login password does not also move money. Checked against the other stored hash (docs/security.md "Passwords").',
  ),
  ACCOUNT_LOCKED: def(
    1123,
    403,
    'This account is locked, please contact customer service',
    'An operator locked the account (back office): it cannot log in, and its sessions were ended. Answered only after the right password, so it tells nothing to someone who does not know it.',
  ),

  IMAGE_TOO_LARGE: def(
    1201,
    413,
    'Your picture is bigger than 5M, Please change',
    'An uploaded image is larger than 5 MB.',
  ),
  IMAGE_INVALID: def(
    1202,
    400,
    'Image Invalid',
    'The upload is not a JPEG, PNG or WebP image by its content, or it does not decode as one.',
  ),
  FILE_MISSING: def(1203, 400, 'Please choose a file to upload', 'The multipart request has no file part.'),
  IMAGE_DIMENSIONS_TOO_LARGE: def(
    1204,
    400,
    'Your picture has too many pixels (at most 40 megapixels), Please change',
    'An uploaded image declares more than 40 megapixels (width × height); it is refused before it is decoded.',
  ),

  AMOUNT_INVALID: def(
    1301,
    400,
    'Amount Invalid',
    'An amount is not a positive decimal within its precision and at most 1e17.',
  ),
  BALANCE_NOT_ENOUGH: def(1302, 400, 'Your amount is not enough', 'The available balance is smaller than the amount.'),
  AMOUNT_OUT_OF_RANGE: def(
    1303,
    400,
    'Enter amount must be smaller or bigger',
    'The amount is below the minimum or above the maximum.',
  ),
  TRANSFER_NUMBER_INVALID: def(1304, 400, 'Transfer number must be greater than 0', 'A transfer of zero or less.'),
  PHOTOS_TOO_FEW: def(
    1305,
    400,
    'You need to add at least 3 photos',
    'Loan application or advanced verification with fewer than 3 document photos.',
  ),
  KYC_REQUIRED: def(
    1306,
    403,
    'You must verify your KYC account before making a loan',
    'A loan needs verified KYC first.',
  ),
  IDEMPOTENCY_KEY_REUSED: def(
    1307,
    409,
    'This request key was already used for a different request',
    'The Idempotency-Key header was used before with another method, path or body.',
  ),
  ASSET_UNKNOWN: def(1308, 400, 'This coin is not supported', 'The asset symbol is not in the catalogue.'),
  SAME_WALLET: def(1309, 400, 'Please choose two different accounts', 'A transfer from an account to itself.'),
  DEMO_HAS_OPEN_POSITIONS: def(
    1310,
    409,
    'Close your open demo orders before resetting the demo account',
    'A demo reset while demo money is reserved by open orders or contracts.',
  ),
  NOT_IN_DEMO: def(1311, 400, 'Switch to the demo account first', 'A demo-only action requested in real mode.'),
  QUOTE_INVALID: def(
    1312,
    400,
    'This quote is not valid, please refresh the rates',
    'The OTC quote id is unknown, or belongs to another user or the other account mode.',
  ),
  QUOTE_EXPIRED: def(
    1313,
    409,
    'The rates have expired, please confirm the new rates',
    'The OTC quote is older than its validity (OTC_QUOTE_TTL_SECONDS).',
  ),
  QUOTE_USED: def(
    1314,
    409,
    'These rates were already used, please confirm the new rates',
    'An OTC quote is good for one trade.',
  ),
  PRICE_UNAVAILABLE: def(
    1315,
    503,
    'No price is available for this coin right now, please try again later',
    'The market has no live price for the coin, so it cannot be traded or valued.',
  ),
  SAME_ASSET: def(
    1316,
    400,
    'Please choose two different coins',
    'An OTC trade of a coin for itself (or of USDT for USDT).',
  ),
  TRANSACTION_NOT_FOUND: def(
    1317,
    404,
    'This ledger transaction does not exist',
    'A correction names a ledger transaction that does not exist.',
  ),
  TRANSACTION_ALREADY_REVERSED: def(
    1318,
    409,
    'This ledger transaction was already reversed',
    'A transaction is reversed at most once, and a reversal is not reversed; post a new transaction instead.',
  ),

  SYMBOL_UNKNOWN: def(
    1401,
    400,
    'This symbol is not supported',
    'The symbol (or `currency` on the websocket) is not in the instruments catalogue.',
  ),
  MARKET_TYPE_UNKNOWN: def(
    1402,
    400,
    'Unknown market type',
    'The market or ticker type is not one of FOREX, CFD, CRYPTO, INDIES, STOCK, SPOT, CONTRACT.',
  ),
  INTERVAL_INVALID: def(
    1403,
    400,
    'Unsupported chart interval',
    'The candle interval is not one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w.',
  ),
  TIME_RANGE_INVALID: def(
    1404,
    400,
    'Invalid time range',
    'Candle history: `from` is after `to`, a time is negative or not an integer of epoch milliseconds, or `limit` is outside 1–1000.',
  ),
  FAVORITES_LIMIT: def(
    1405,
    400,
    'You can keep at most {max} favourites',
    'Adding a favourite beyond the per-user limit.',
  ),
  WS_MESSAGE_INVALID: def(
    1406,
    400,
    'Invalid socket message',
    'A websocket message is not JSON, or not a known methodType/channel with the fields it needs. The connection stays open.',
  ),
  WS_MESSAGE_TOO_LARGE: def(
    1407,
    413,
    'Socket message is too large',
    'A websocket message is larger than 4096 bytes. The connection stays open (above 64 KiB it is closed).',
  ),
  WS_SUBSCRIPTION_LIMIT: def(
    1408,
    400,
    'Too many subscriptions on this connection (at most {max})',
    'A SUBSCRIBE beyond the per-connection limit; unsubscribe something first or open another connection.',
  ),

  MARKET_CLOSED: def(
    1501,
    409,
    'The market is closed now; it opens at {nextOpen}',
    'An order on an instrument outside its trading session. The message names `nextOpen` as ISO 8601 UTC text (for people); checkTradingTime gives it as epoch ms.',
  ),
  CONTRACT_DURATION_UNKNOWN: def(
    1502,
    400,
    'This contract duration is not offered',
    "No enabled contract product has this duration in the symbol's market (see contract/products).",
  ),
  CONTRACT_WRONG_MARKET: def(
    1503,
    400,
    'This symbol is not traded on this contract endpoint',
    'Crypto contracts go to transaction/api/contract/create; forex, CFD, index and stock contracts to asset/api/forex/contract/create.',
  ),
  ORDER_NOT_FOUND: def(
    1504,
    404,
    'Order not found',
    'No contract or spot order with this public id belongs to the user in the current account mode, or the id is not a public id (a UUID; old numeric ids are refused).',
  ),
  ORDER_NOT_OPEN: def(
    1505,
    409,
    'This order is already filled or cancelled',
    'Cancelling a spot order that is no longer open.',
  ),
  PRECISION_INVALID: def(
    1506,
    400,
    'Too many decimal places: at most {decimals}',
    'A spot amount or price has more decimals than the instrument allows, or a contract stake is finer than whole cents (STAKE_DECIMALS).',
  ),
  SPOT_NOT_AVAILABLE: def(
    1507,
    400,
    'Spot trading is available for crypto against USDT only',
    'A spot order on a forex, CFD, index or stock symbol, or on a coin without a wallet.',
  ),
  LIMIT_PRICE_REQUIRED: def(
    1508,
    400,
    'Please enter a price for a limit order',
    'A limit order without `price`, or a market order with one.',
  ),

  OPERATOR_LOGIN_FAILED: def(
    1601,
    400,
    'Incorrect e-mail, password or authenticator code',
    'Back-office sign-in: the e-mail, the password or the TOTP code is wrong, the code was already used or is too old, or the operator is disabled. One answer for all, so the sign-in tells nothing of which part failed; the audit log records which.',
  ),
  OPERATOR_ROLE_FORBIDDEN: def(
    1602,
    403,
    'Your role may not do this',
    "A back-office route that the operator's role is not among the roles it allows (every admin route declares its roles).",
  ),
  OPERATOR_EXISTS: def(
    1603,
    409,
    'An operator with this e-mail already exists',
    'Creating an operator with an e-mail another operator has (disabled ones included).',
  ),
  OPERATOR_NOT_FOUND: def(1604, 404, 'This operator does not exist', 'The operator id names no operator.'),
  OPERATOR_PASSWORD_TOO_SHORT: def(
    1606,
    400,
    'An operator password needs at least 12 characters',
    'Creating an operator with a password shorter than 12 characters.',
  ),
  OPERATOR_DISABLE_SELF: def(
    1605,
    409,
    'You cannot disable your own operator account',
    'An operator disabling themselves; another admin must do it, so the back office is never left without an admin by mistake.',
  ),
  APPROVAL_SAME_OPERATOR: def(
    1607,
    403,
    'Another operator must approve this',
    'Four eyes: the operator who asked for an action that moves money cannot decide it (the database refuses it too).',
  ),
  APPROVAL_ALREADY_DECIDED: def(
    1608,
    409,
    'This request was already decided',
    'A four-eyes request is approved or rejected once; another operator was first.',
  ),

  KYC_PRIMARY_REQUIRED: def(
    1701,
    400,
    'Please complete real-name verification first',
    'Advanced verification (document photos) before the real-name stage was submitted.',
  ),
  KYC_UNDER_REVIEW: def(
    1702,
    409,
    'Your verification is under review, please wait for the result',
    'Submitting or changing verification data while a submission awaits review.',
  ),
  KYC_VERIFIED_LOCKED: def(
    1703,
    409,
    'Your identity is verified; please contact customer service to change it',
    "A verified user's identity data is locked; changes go through support.",
  ),
  KYC_DOCUMENT_TYPE_INVALID: def(
    1704,
    400,
    'This document type is not accepted for the selected nationality',
    "The document type is not in `idCard/type`'s list for the nationality.",
  ),
  KYC_IMAGE_INVALID: def(
    1705,
    400,
    'Please upload each photo again',
    "A verification photo is not one of the user's own private uploads (`common/upload` with kind `private`), or the same photo is given twice.",
  ),
  KYC_ALREADY_DECIDED: def(
    1706,
    409,
    'This submission was already decided',
    'A reviewer deciding a submission that already has its decision (another reviewer was first); a decision is made once.',
  ),

  DEPOSIT_CHAIN_UNKNOWN: def(
    1801,
    400,
    'This coin cannot be deposited on this network',
    "The chain is not one of the coin's chains in `currency/chain-types` (or not a chain at all).",
  ),
  DEPOSIT_NOT_AVAILABLE: def(
    1802,
    409,
    'Deposits of this coin on this network are not available at the moment',
    'The coin has no chain yet, its chain is switched off (`DEPOSIT_<COIN>_<CHAIN>_ENABLED`), or no key is configured to derive addresses from (`DEPOSIT_XPUB_*` on PostgreSQL); `currency/chain-types` shows which.',
  ),
  ADDRESS_INVALID: def(
    1803,
    400,
    'This address is not valid on the selected network',
    "The address is not in the chain's format: 0x and 40 hex digits on Ethereum, base58check starting with T on TRON, a bech32 (bc1…) or base58 (1…, 3…) address on Bitcoin.",
  ),
  ADDRESS_CHECKSUM_INVALID: def(
    1804,
    400,
    'This address has a typing mistake (its checksum does not match)',
    "The address has the chain's format but its checksum is wrong: mixed-case hex that is not EIP-55, a TRON or Bitcoin base58check or bech32 checksum that fails. Usually one wrong character.",
  ),
  ADDRESS_NOT_FOUND: def(
    1805,
    404,
    'This saved address does not exist',
    "The address-book id names no saved address of the user (deleted, someone else's, or not an id).",
  ),
  ADDRESS_DUPLICATE: def(
    1806,
    409,
    'This address is already saved for this coin and network',
    "The user's address book already has this address for the coin and chain.",
  ),
  ADDRESS_BOOK_FULL: def(
    1807,
    400,
    'You can keep at most {max} saved addresses',
    'Saving an address beyond the per-user limit (ADDRESS_BOOK_MAX); delete one first.',
  ),
  ADDRESS_IS_DEPOSIT_ADDRESS: def(
    1808,
    400,
    'This is your own deposit address; save the address you send from',
    'The address book keeps the addresses a user sends deposits from; their own deposit address is refused.',
  ),
  TX_HASH_INVALID: def(
    1809,
    400,
    'This transaction hash is not valid',
    'A transaction hash is 64 hex digits (0x-prefixed on EVM chains, either form accepted).',
  ),
  DEV_CHAIN_OFF: def(
    1810,
    404,
    'There is no development chain on this server',
    'Sending test coins (`userrechange/dev-chain-send`) exists only while the server runs its development chain (`DEV_CHAIN`, the embedded default with no chain settings; docs/deposits.md "The development chain"). Everywhere else, and always in production, this path answers this code.',
  ),
  DEV_CHAIN_AMOUNT_INVALID: def(
    1811,
    400,
    'Send between {min} and {max} test {coin}',
    'A test-coin amount on the development chain that is not a decimal number of the coin within the bounds (at most 6 decimals).',
  ),
  WITHDRAW_ADDRESS_OWN: def(
    1901,
    400,
    'This is your own deposit address; you cannot withdraw to it',
    "Saving one of the user's own deposit addresses in the withdrawal address book: a withdrawal to it would come straight back as a deposit.",
  ),
  WITHDRAW_NOT_AVAILABLE: def(
    1902,
    409,
    'Withdrawals of this coin on this network are not available at the moment',
    'The coin × chain is switched off by operators, or no signer serves the chain (no node or hot-wallet key configured: `withdraw-fee` answers `available: false`).',
  ),
  WITHDRAW_ADDRESS_HOLDING: def(
    1903,
    409,
    'This new address can be used from {until}, or confirm it with a code now',
    'A withdrawal to a saved address whose hold (WITHDRAW_ADDRESS_HOLD_HOURS) has not passed and that was not confirmed by code. `until` is ISO 8601 UTC.',
  ),
  WITHDRAW_BELOW_MIN: def(
    1904,
    400,
    'The amount must be at least {min} {currency}',
    "Below the minimum of the coin on the chain (operators' setting; always more than the fee).",
  ),
  WITHDRAW_ABOVE_MAX: def(
    1905,
    400,
    'The amount must be at most {max} {currency}',
    'Above the maximum of one withdrawal of the coin on the chain.',
  ),
  WITHDRAW_DAILY_LIMIT: def(
    1906,
    409,
    'This is over your daily limit; you can withdraw {remaining} {currency} more now',
    "The user's withdrawals of the coin in the last 24 hours (not rejected, failed or cancelled) plus this one exceed the daily limit.",
  ),
  WITHDRAW_SECURITY_LOCK: def(
    1907,
    409,
    'Withdrawals are paused for your security after a recent account change, until {until}',
    'Within WITHDRAW_SECURITY_LOCK_HOURS of a change of the login password, the fund password (changed or reset) or a contact. `until` is ISO 8601 UTC; `withdraw-fee` gives it as epoch ms with the reason.',
  ),
  WITHDRAW_QUOTE_INVALID: def(
    1908,
    400,
    'This withdrawal is not valid any more, please start again',
    'The withdrawal quote id is unknown or belongs to another user.',
  ),
  WITHDRAW_QUOTE_EXPIRED: def(
    1909,
    409,
    'This withdrawal has expired, please check the fee and confirm again',
    'The quote is older than WITHDRAW_QUOTE_TTL_SECONDS (120 s).',
  ),
  WITHDRAW_QUOTE_USED: def(
    1910,
    409,
    'This withdrawal was already submitted',
    'A quote is confirmed once; a retry with the same Idempotency-Key answers the first result instead.',
  ),
  WITHDRAWAL_NOT_FOUND: def(
    1911,
    404,
    'Withdrawal not found',
    'No withdrawal with this id belongs to the user (or, in the back office, exists).',
  ),
  WITHDRAWAL_NOT_CANCELLABLE: def(
    1912,
    409,
    'This withdrawal can no longer be cancelled',
    'Only a withdrawal still processing (not yet approved) can be cancelled.',
  ),
  WITHDRAWAL_ALREADY_DECIDED: def(
    1913,
    409,
    'This withdrawal was already decided',
    'An operator deciding a withdrawal no longer waiting for review (decided, cancelled by the user), or approving twice.',
  ),
  WITHDRAW_FROZEN: def(
    1914,
    403,
    'Withdrawals are frozen on your account; please contact customer service',
    'The user froze withdrawals with the link of a new-address notice; support lifts it after checking with them.',
  ),
  WITHDRAW_REAL_ONLY: def(
    1915,
    400,
    'Switch to your real account to withdraw',
    'Withdrawals move real money on chain; the demo account has none to send.',
  ),
  WITHDRAW_FREEZE_LINK_INVALID: def(
    1916,
    400,
    'This link is not valid or has expired',
    "The freeze link's token is unknown, used, or older than 7 days.",
  ),
  WITHDRAW_SETTING_INVALID: def(
    1917,
    400,
    'The fee must be below the minimum, and the minimum at most the maximum',
    "An operator's withdrawal setting where fee ≥ minimum, minimum > maximum, or maximum > daily limit.",
  ),
  WITHDRAW_REASON_REQUIRED: def(
    1918,
    400,
    'Please choose a reason for rejecting',
    'Rejecting a withdrawal without a reason.',
  ),
  WITHDRAW_AMOUNT_PRECISION: def(
    1919,
    400,
    'At most {decimals} decimal places',
    "The amount has more decimals than the coin's amount decimals.",
  ),

  RATE_INVALID: def(
    2001,
    400,
    'A rate is a decimal with at most 8 places, at most 10',
    "An operator's rate (annualised for financing, daily for loans) is not a plain decimal, has more than 8 decimal places, or is above 10 (1000 %).",
  ),
  PRODUCT_NOT_FOUND: def(
    2002,
    404,
    'This product does not exist',
    'The financing product id names no product (or a disabled one, for users).',
  ),
  PRODUCT_NOT_ON_SALE: def(
    2003,
    409,
    'This product is not on sale now',
    'Subscribing before its sale starts, after it ends, or while operators have switched it off.',
  ),
  TERM_NOT_OFFERED: def(
    2004,
    400,
    'This duration is not offered for this product',
    "The number of days is not one of the product's terms (`manage-rate/list-time`).",
  ),
  QUOTA_EXHAUSTED: def(
    2005,
    409,
    'Only {remaining} {currency} of this product is left',
    "The amount is more than what is left of the product's total quota (other users were first).",
  ),
  FINANCING_TOKEN_INVALID: def(
    2006,
    400,
    'This estimate is not valid any more, please check the interest and confirm again',
    'The confirmation token of `buyFinanceProduct` is unknown, belongs to another user or account mode, or is older than FINANCING_TOKEN_TTL_SECONDS.',
  ),
  FINANCING_TOKEN_USED: def(
    2007,
    409,
    'This subscription was already made',
    "An estimate's token subscribes once; a retry with the same Idempotency-Key answers the first result instead.",
  ),
  IDEMPOTENCY_KEY_REQUIRED: def(
    2008,
    400,
    'This request needs an Idempotency-Key header',
    'A request that moves money over GET (`buyFinanceProduct`) must carry an Idempotency-Key, so a prefetch or a replayed link cannot repeat it.',
  ),
  SUBSCRIPTION_NOT_FOUND: def(
    2009,
    404,
    'Subscription not found',
    'No financing subscription with this id belongs to the user in the current account mode.',
  ),
  REDEMPTION_NOT_ALLOWED: def(
    2010,
    409,
    'This product cannot be redeemed before it matures',
    'Early redemption of a product whose setting is `none`.',
  ),
  SUBSCRIPTION_ENDED: def(
    2011,
    409,
    'This subscription has already ended',
    'Redeeming a subscription that matured or was redeemed already.',
  ),
  PRODUCT_SETTING_INVALID: def(
    2012,
    400,
    'Check the product: minimum at most maximum, maximum at most the quota, the sale ending after it starts',
    "An operator's financing or loan product whose limits or dates do not fit together, or whose coin is not supported.",
  ),
  LOAN_PRODUCT_NOT_FOUND: def(
    2101,
    404,
    'This loan product does not exist',
    'The loan product id names no product (or a disabled one, for users).',
  ),
  LOAN_TERMS_NOT_ACCEPTED: def(
    2102,
    400,
    'Please read and accept the loan terms',
    'An application without `acceptTerms: true`.',
  ),
  LOAN_PHOTO_INVALID: def(
    2103,
    400,
    'Please upload each photo again',
    "A photo is not one of the user's own private uploads (`common/upload` with kind `private`), or the same photo is given twice.",
  ),
  LOAN_PENDING_EXISTS: def(
    2104,
    409,
    'You already have a loan application waiting for review',
    'One application at a time waits for review; wait for its decision.',
  ),
  LOAN_REAL_ONLY: def(
    2105,
    400,
    'Switch to your real account to borrow',
    'Loans are real money reviewed by operators; the demo account has none.',
  ),
  LOAN_NOT_FOUND: def(
    2106,
    404,
    'Loan not found',
    'No loan with this id belongs to the user (or, in the back office, exists).',
  ),
  LOAN_NOT_PAYABLE: def(
    2107,
    409,
    'This loan has nothing to pay',
    'Paying a loan that is waiting for review, rejected or settled.',
  ),
  LOAN_NOTHING_TO_PAY: def(
    2108,
    409,
    'You have no loan to pay',
    'Pay all when no loan is approved or part-settled (its estimate answers an empty quote instead).',
  ),
  LOAN_QUOTE_INVALID: def(
    2109,
    400,
    'This repayment is not valid any more, please check the amount again',
    'The pay-off quote is unknown, belongs to another user, or has expired (LOAN_QUOTE_TTL_SECONDS, or the end of its UTC day, when interest changes).',
  ),
  LOAN_QUOTE_USED: def(
    2110,
    409,
    'This repayment was already made',
    'A quote is paid once; a retry with the same Idempotency-Key answers the first result instead.',
  ),
  LOAN_QUOTE_STALE: def(
    2111,
    409,
    'Your loans changed since this estimate, please check the amount again',
    'Paying a quote after one of its loans was paid another way.',
  ),
  LOAN_AMOUNT_TOO_LARGE: def(
    2112,
    400,
    'The amount is more than this loan owes ({total} {currency})',
    'A part payment above what settles the loan today.',
  ),
  LOAN_ALREADY_DECIDED: def(
    2113,
    409,
    'This application was already decided',
    'An operator deciding an application no longer waiting for review, or approving it twice.',
  ),
  LOAN_REASON_REQUIRED: def(
    2114,
    400,
    'Please choose a reason for rejecting',
    'Rejecting an application without a reason.',
  ),
  LOAN_RULES_REQUIRED: def(
    2115,
    400,
    'The rules need an English text',
    'A loan product saved without rules in English (the fallback of every language).',
  ),
  // Notifications and the notice stream (docs/notifications.md).
  NOTICE_NOT_FOUND: def(
    2201,
    404,
    'This notification does not exist',
    'The id names no notification of the user, and no visible announcement.',
  ),
  NOTICE_ID_INVALID: def(
    2202,
    400,
    'Invalid notification id',
    'A notification id is `n` (personal) or `a` (announcement) followed by digits, e.g. `n123`, `a45`.',
  ),
  NOTICE_CURSOR_INVALID: def(
    2203,
    400,
    'Invalid Last-Event-ID',
    "The stream's `Last-Event-ID` header or `lastEventId` query is not a whole number of at most 18 digits (an event id this stream sent).",
  ),
  // News and announcements (docs/content.md "News and announcements").
  NEWS_NOT_FOUND: def(
    2220,
    404,
    'This news item does not exist',
    'The id names no post, or one not published yet or withdrawn (for users).',
  ),
  NEWS_ENGLISH_REQUIRED: def(
    2221,
    400,
    'The post needs an English title and text',
    'A news item or announcement saved without an English translation (the fallback of every language).',
  ),
  NEWS_TRANSLATION_INVALID: def(
    2222,
    400,
    'Each language needs a title and a text',
    'A translation with an empty title or body, or a language that is not one of the eight.',
  ),
  NEWS_IMAGE_INVALID: def(
    2223,
    400,
    'The image must be a path on this site',
    'The image is not a path of this site starting with a single slash (the page shows images from its own origin only).',
  ),
  NEWS_LINK_INVALID: def(
    2224,
    400,
    'The link must be an app page or an https address',
    'The link is neither a path of the app starting with a single slash nor an https URL.',
  ),
  NEWS_ALREADY_WITHDRAWN: def(
    2225,
    409,
    'This post was already withdrawn',
    'Withdrawing or changing a post that was withdrawn.',
  ),
  // Customer-service chat (docs/chat.md).
  CHAT_MESSAGE_EMPTY: def(
    2240,
    400,
    'Please write a message or attach an image',
    'A chat message with neither text (after trimming) nor an image.',
  ),
  CHAT_MESSAGE_TOO_LONG: def(
    2241,
    400,
    'The message is too long',
    'A chat message longer than CHAT_BODY_MAX (2,000) characters after trimming.',
  ),
  CHAT_IMAGE_INVALID: def(
    2242,
    400,
    'Please upload the image again',
    "The image is not a path the upload endpoint answered this user for a private upload (someone else's, an avatar, unknown).",
  ),
  CHAT_CLIENT_ID_INVALID: def(
    2243,
    400,
    'Invalid message id',
    'The clientId is missing or not 1–64 letters, digits, `-` or `_`.',
  ),
  CHAT_CONVERSATION_NOT_FOUND: def(
    2244,
    404,
    'Conversation not found',
    'No conversation has this id (back office), or the user has none yet.',
  ),
  CHAT_MESSAGE_NOT_FOUND: def(
    2245,
    404,
    'Message not found',
    'A read receipt or an image request names a message id that is not in the conversation (or has no image).',
  ),
  CHAT_QUEUE_INVALID: def(
    2246,
    400,
    'Unknown queue',
    'A queue that is not one of general, account, deposits, withdrawals, trading, kyc, loans.',
  ),
  CHAT_OPERATOR_INVALID: def(
    2247,
    400,
    'This operator cannot take conversations',
    'Assigning to an operator who does not exist, is disabled, or is neither support nor admin.',
  ),
  CHAT_CANNED_NOT_FOUND: def(
    2248,
    404,
    'Canned reply not found',
    'Changing or deleting a canned reply that does not exist.',
  ),
  CHAT_CANNED_INVALID: def(
    2249,
    400,
    'A canned reply needs a title and a text',
    'A canned reply with an empty or too long title (100) or text (2,000).',
  ),
  // The helper centre and legal texts (docs/content.md "Helper centre", "Legal texts").
  HELP_ARTICLE_NOT_FOUND: def(
    2230,
    404,
    'This article does not exist',
    'The id names no help article, or (for users) one that is not published.',
  ),
  LEGAL_DOCUMENT_NOT_FOUND: def(
    2231,
    404,
    'This version of the text does not exist',
    'A legal or company text asked for by a version number that was never published.',
  ),
  LEGAL_VERSION_NOT_CURRENT: def(
    2232,
    409,
    'A newer version of this text was published, please read it first',
    'Accepting a version of the agreement or privacy policy that is not the current one.',
  ),
  // App versions and downloads (docs/app-version.md).
  APP_VERSION_NO_INVALID: def(
    2260,
    400,
    'Invalid version number',
    'A versionNo that is not 1 to 4 dotted whole numbers (each at most 6 digits, no leading zeros), e.g. 1.0.1.',
  ),
  APP_PLATFORM_INVALID: def(
    2261,
    400,
    'Unknown platform: use ios or android',
    'The platform is neither ios nor android (the web build never asks for an update).',
  ),
  APP_VERSION_EXISTS: def(
    2262,
    409,
    'This version is already published for this platform',
    'Publishing a versionNo that the platform already has (1.2 and 1.2.0 are the same version).',
  ),
  APP_VERSION_NOT_NEWER: def(
    2263,
    409,
    'A new version must be higher than {latest}',
    "Publishing a version that is not newer than the platform's latest: apps only ever move forward.",
  ),
  APP_LINK_INVALID: def(
    2264,
    400,
    'Enter a link starting with https:// or http://',
    'An update or download link that is not an http(s) address of at most 500 characters without spaces.',
  ),
  // Home shortcuts and VIP tiers (docs/content.md "Home shortcuts", docs/vip.md).
  SHORTCUT_TARGET_INVALID: def(
    2270,
    400,
    'Enter an app page starting with /pages/',
    "A home shortcut's target that is not an app page: /pages/ and path segments of letters, digits, _ and -, with an optional query, at most 200 characters (no other site, no ..).",
  ),
  VIP_TIERS_INVALID: def(
    2271,
    400,
    'Each VIP tier must ask for more and give no less than the tier below it',
    "Saving VIP tiers whose levels are not 1, 2, 3… in order, whose volume or balance threshold is not above the tier below (the first tier's above 0), or whose benefits are smaller than the tier below's. A threshold with more than 2 decimals answers AMOUNT_INVALID.",
  ),
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ERRORS;
export type ErrorMessages = Record<ErrorKey, string>;

export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

const BY_CODE = new Map<number, ErrorKey>(ERROR_KEYS.map((k) => [ERRORS[k].code, k]));
export function errorKeyByCode(code: number): ErrorKey | undefined {
  return BY_CODE.get(code);
}

/** Fills `{name}` placeholders. Unknown placeholders stay as written. */
export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
