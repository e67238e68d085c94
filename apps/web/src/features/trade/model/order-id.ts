/** An order id from a URL: a positive safe integer, else null (the page then says not found). */
export function positiveId(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
