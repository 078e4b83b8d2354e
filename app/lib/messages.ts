/**
 * A message travels from server to page as a translation key, optionally with values
 * ("auth.tooManyAttempts::{"count":15}"), and is translated where it is shown.
 */
const SEPARATOR = "::";

export function message(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

export function readMessage(text: string): { key: string; values?: Record<string, string | number> } {
  const at = text.indexOf(SEPARATOR);
  if (at < 0) return { key: text };
  try {
    return { key: text.slice(0, at), values: JSON.parse(text.slice(at + SEPARATOR.length)) };
  } catch {
    return { key: text.slice(0, at) };
  }
}
