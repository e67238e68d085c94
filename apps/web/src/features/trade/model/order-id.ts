import { PUBLIC_ID_PATTERN } from '@app/contract';

const PUBLIC_ID = new RegExp(PUBLIC_ID_PATTERN);

/** An order's public id from a URL (a UUID, as the API shows it), else null (the page then says not found). */
export function publicOrderId(value: string | null): string | null {
  return value && PUBLIC_ID.test(value) ? value : null;
}
