/** One formatter per language (made once: making one costs a hundred times formatting a number with it). */
const formats = new Map<string, Intl.NumberFormat>();

/** Points and tiebreaks as they are (SB 0.25 stays 0.25, not 0.3), with the decimal sign of the page's language. */
export function formatPoints(value: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    // the page's language is one of the app's few; anything else is formatted without being kept
    if (formats.size < 8) formats.set(language, format);
  }
  return format.format(value);
}
