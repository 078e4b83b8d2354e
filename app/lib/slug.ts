/**
 * Public slugs (spec §2): spaces become hyphens, commas are removed. Characters that would end or
 * escape a path segment (/ ? # % \) become hyphens too, so every slug is one segment of an address.
 */
export function slug(name: string): string {
  return name.replace(/,/g, "").replace(/[/?#%\\]/g, "-").trim().replace(/\s+/g, "-") || "-";
}

/** The first of slug, slug-2, slug-3 … that is not taken. */
export function freeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
