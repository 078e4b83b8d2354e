import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page kept compressed although one short text in it (the CSP nonce) differs in every response:
 * the parts between the nonces are compressed once, each ending on a byte boundary (a sync flush,
 * the last one final), and every response joins them with the nonce in stored (uncompressed)
 * deflate blocks, inside a gzip frame whose checksum is taken over that response's text.
 */
export type GzipParts = { parts: Buffer[]; compressed: Buffer[] };

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export function compressParts(parts: Buffer[]): GzipParts {
  const compressed = parts.map((part, i) => deflateRawSync(part, { level: 6, finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
  return { parts, compressed };
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
export function gzipWith({ parts, compressed }: GzipParts, nonce: string): Buffer {
  const separator = Buffer.from(nonce);
  const block = storedBlock(separator);
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i) {
      pieces.push(block);
      crc = crc32(separator, crc);
      size += separator.length;
    }
    pieces.push(compressed[i]);
    // (Node 20's crc32 answers 0 for some empty buffers instead of the running value)
    if (part.length) crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}
