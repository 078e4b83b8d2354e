/**
 * PostgreSQL's text cannot hold U+0000 (NUL): a query given one fails ("invalid byte sequence for encoding UTF8"), so a
 * name typed with one, or an address such as /event/%00, ended in a server error. No text the product stores means
 * anything by it, so it is left out of every string a query is given (client.server.ts), wherever that string came from.
 */
const NUL = "\u0000";

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

function strip(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll(NUL, "");
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(strip);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, strip(item)]));
}

/**
 * The query's arguments without NUL in any string of their plain objects and arrays (dates, bytes and other objects
 * as they are); the same object, not a copy, where none holds one, as nearly always.
 */
export function withoutNul<T>(args: T): T {
  return holdsNul(args, 0) ? (strip(args) as T) : args;
}
