/** Public slugs (spec §2): spaces become hyphens, commas are removed. */
export function slug(name: string): string {
  return name.replace(/,/g, "").trim().replace(/\s+/g, "-");
}
