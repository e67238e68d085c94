/**
 * The VIP tiers' limits as plain values (no schema here: the web app's pages import them without the
 * schema library). The schemas are in schemas/vip.ts (docs/vip.md).
 */

/** The most tiers operators may define (levels 1 to VIP_LEVEL_MAX; level 0 is every customer below the first). */
export const VIP_LEVEL_MAX = 10;
/** The trading volume counted: the last this many days, rolling. */
export const VIP_VOLUME_DAYS = 30;
/** Basis points: 10,000 is 100 %. */
export const VIP_BPS = 10_000;
/** The most a tier may multiply the withdrawal limits by: 10×. */
export const VIP_LIMIT_BPS_MAX = 100_000;
