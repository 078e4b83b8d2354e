/**
 * The characters the recognizer tells apart: piece letters of all eight notation languages
 * (Turkish Ş is read as S), files, digits and the marks written in moves. Class 0 is the CTC blank.
 */
export const ALPHABET = "KQRBNDTLSACFVJPabcdefgh0123456789x:+#=-O";
export const BLANK = 0;
export const CLASSES = ALPHABET.length + 1;

const index = new Map([...ALPHABET].map((char, i) => [char, i + 1]));

/** Class indices of a text; characters outside the alphabet are left out. */
export function encodeText(text: string): number[] {
  return [...text.replace(/Ş/g, "S")].map((char) => index.get(char)).filter((i): i is number => i !== undefined);
}

export function decodeClasses(classes: readonly number[]): string {
  return classes.map((c) => ALPHABET[c - 1] ?? "").join("");
}
