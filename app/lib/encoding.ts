/**
 * Text of an uploaded file: UTF-8 (with or without BOM) or, when the bytes are not UTF-8,
 * Latin-1 (what older Windows programs and spreadsheets export).
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return stripBom(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
