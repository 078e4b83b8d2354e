import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page kept compressed although one short text in it (the CSP nonce) differs in every response:
 * the parts between the nonces are compressed once, each ending on a byte boundary (a sync flush,
 * the last one final), and every response joins them with the nonce in stored (uncompressed)
 * deflate blocks, inside a gzip frame whose checksum is that response's text's.
 *
 * The checksum is not taken over the whole text again: CRC-32 is linear, so the checksum of the
 * page with another nonce of the same length is the kept page's checksum plus the difference of the
 * nonces carried to the end of the page, an operator on 32 bits worked out once per page.
 */
export type GzipParts = { parts: Buffer[]; compressed: Buffer[]; rendered: Buffer; crc: number; shift: Uint32Array };

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

const ONES = 0xffffffff;

/** The CRC register after `bytes` more zero bytes, from register `register`. */
function afterZeros(register: number, zeros: Buffer): number {
  return (crc32(zeros, (register ^ ONES) >>> 0) ^ ONES) >>> 0;
}

/** Kept parts of a page that was rendered with `nonce` between them. */
export function compressParts(parts: Buffer[], nonce: string): GzipParts {
  const compressed = parts.map((part, i) => deflateRawSync(part, { level: 6, finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
  const rendered = Buffer.from(nonce);
  // the operator taking a difference at every nonce to its share in the checksum of the page: its
  // columns for the last nonce, carried over the text between nonces to each earlier one
  const shift = new Uint32Array(32);
  let columns = Array.from({ length: 32 }, (_, bit) => (1 << bit) >>> 0);
  for (let i = parts.length - 1; i > 0; i--) {
    const zeros = Buffer.alloc(parts[i].length + (i < parts.length - 1 ? rendered.length : 0));
    columns = columns.map((column) => afterZeros(column, zeros));
    columns.forEach((column, bit) => (shift[bit] ^= column));
  }
  return { parts, compressed, rendered, crc: checksum(parts, rendered), shift };
}

/** The checksum of the parts joined by the separator, over the whole text. */
function checksum(parts: Buffer[], separator: Buffer): number {
  let crc = 0;
  parts.forEach((part, i) => {
    if (i) crc = crc32(separator, crc);
    // (Node 20's crc32 answers 0 for some empty buffers instead of the running value)
    if (part.length) crc = crc32(part, crc);
  });
  return crc;
}

/** The checksum of the kept page with `separator` for its nonce. */
function checksumWith(kept: GzipParts, separator: Buffer): number {
  if (separator.length !== kept.rendered.length) return checksum(kept.parts, separator);
  const difference = Buffer.alloc(separator.length);
  for (let i = 0; i < separator.length; i++) difference[i] = separator[i] ^ kept.rendered[i];
  const register = (crc32(difference, ONES) ^ ONES) >>> 0;
  let crc = kept.crc;
  for (let bit = 0; bit < 32; bit++) if ((register >>> bit) & 1) crc ^= kept.shift[bit];
  return crc >>> 0;
}

/** A stored deflate block (not the last) holding `text`, which is at most 65,535 bytes. */
function storedBlock(text: Buffer): Buffer {
  const block = Buffer.alloc(5 + text.length);
  block.writeUInt16LE(text.length, 1);
  block.writeUInt16LE(~text.length & 0xffff, 3);
  text.copy(block, 5);
  return block;
}

/** The gzip body of the page with `nonce` between its parts. */
export function gzipWith(kept: GzipParts, nonce: string): Buffer {
  const separator = Buffer.from(nonce);
  const block = storedBlock(separator);
  const pieces: Buffer[] = [HEADER];
  let size = 0;
  kept.parts.forEach((part, i) => {
    if (i) {
      pieces.push(block);
      size += separator.length;
    }
    pieces.push(kept.compressed[i]);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksumWith(kept, separator), 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
