/** Recognizer output written by hand for tests of the decoder and of adapting to a writer. */
import { CLASSES, encodeText } from "./alphabet";

export const FRAMES = 40;

/**
 * Recognizer output that shows `text` clearly, or with `unclear` character positions spread over the
 * characters given (a character given twice is twice as likely).
 */
export function frames(text: string, unclear: Record<number, string> = {}): Float32Array {
  const probs = new Float32Array(FRAMES * CLASSES).fill(1e-4);
  const chars = [...text];
  for (let t = 0; t < FRAMES; t++) probs[t * CLASSES] = 0.99;
  chars.forEach((char, i) => {
    const t = 2 + i * 3;
    probs[t * CLASSES] = 1e-4;
    const options = unclear[i] ? [...unclear[i]] : [char];
    for (const option of options) probs[t * CLASSES + encodeText(option)[0]] += 0.99 / options.length;
  });
  return probs.map(Math.log);
}
