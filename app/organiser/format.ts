/** Date values for date inputs (yyyy-mm-dd) from stored dates. */
export function dateInput(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  return new Date(value).toISOString().slice(0, 10);
}
