/** Text of a PGN file: UTF-8 (with or without BOM) or, failing that, Latin-1 (older Windows exports). */
export function decodePgnBytes(bytes: Uint8Array): string {
  try {
    return stripBom(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
