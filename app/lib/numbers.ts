/** Points and tiebreaks as they are (SB 0.25 stays 0.25, not 0.3), with the decimal sign of the page's language. */
export function formatPoints(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}
