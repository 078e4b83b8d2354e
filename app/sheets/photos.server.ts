import sharp from "sharp";
import type { SheetStorage } from "./storage.server";

/** Photos larger than this many pixels are refused before they are decoded (a phone camera has 12–50 MP). */
export const MAX_PHOTO_PIXELS = 60_000_000;
/** Width of the thumbnails in the sheet list (spec §9 image width xs). */
export const THUMBNAIL_WIDTH = 320;

export type PhotoCheck = { ok: true; thumbnail: Buffer } | { ok: false; error: "sheets.emptyFile" | "sheets.unsupported" | "sheets.corrupt" };

/** A JPEG starts with the SOI marker followed by another marker (FF D8 FF), whatever its name says. */
export const isJpeg = (bytes: Uint8Array) => bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * Checks an uploaded photo by its bytes (spec §5: JPEG only) and makes its thumbnail; decoding it
 * whole is what finds a truncated or corrupt file, and a bomb of pixels is refused before that.
 */
export async function checkPhoto(bytes: Uint8Array): Promise<PhotoCheck> {
  if (bytes.length === 0) return { ok: false, error: "sheets.emptyFile" };
  if (!isJpeg(bytes)) return { ok: false, error: "sheets.unsupported" };
  try {
    const thumbnail = await sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { ok: true, thumbnail };
  } catch {
    return { ok: false, error: "sheets.corrupt" };
  }
}

/** Straightened pages kept in memory: a game's review asks for a crop of every move box of the same page or two. */
const PAGE_CACHE_SIZE = 12;
const pageCache = new Map<string, Promise<Buffer>>();

/** A stored page image, fetched once for the many crops of one review (least recently used pages are dropped). */
export function cachedPage(storage: Pick<SheetStorage, "get">, key: string): Promise<Buffer> {
  const cached = pageCache.get(key);
  if (cached) {
    pageCache.delete(key);
    pageCache.set(key, cached);
    return cached;
  }
  const loading = storage.get(key);
  loading.catch(() => pageCache.delete(key));
  pageCache.set(key, loading);
  if (pageCache.size > PAGE_CACHE_SIZE) pageCache.delete(pageCache.keys().next().value!);
  return loading;
}

/** A region of a stored page image (JPEG), a little larger than the box so that writing over its edge shows. */
export async function cropRegion(page: Buffer, region: { x: number; y: number; w: number; h: number }, margin = 0.15): Promise<Buffer> {
  const image = sharp(page);
  const { width = 0, height = 0 } = await image.metadata();
  const left = Math.max(0, Math.floor(region.x - region.w * margin));
  const top = Math.max(0, Math.floor(region.y - region.h * margin * 2));
  const right = Math.min(width, Math.ceil(region.x + region.w * (1 + margin)));
  const bottom = Math.min(height, Math.ceil(region.y + region.h * (1 + margin * 2)));
  return image
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .webp({ quality: 80 })
    .toBuffer();
}
