import crypto from 'node:crypto';

/**
 * A stable, opaque public name for an internal sequence id (issue 13: public ids must not reveal
 * the platform's volume). Keyed with the app secret, so it can be neither reversed nor guessed;
 * 128 bits, base64url. For rows nobody looks up by id (statement events); rows the API finds by
 * id carry a stored random `public_id` instead.
 */
export function opaqueId(secret: string, namespace: string, id: number | bigint): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${namespace}:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
