import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAGE_WIDTH_MM, markerCentre } from "~/sheets/templates";
import { roundSheets } from "../synth/round";
import { syntheticSheet } from "../synth/sheet";
import { homography, project } from "../vision/geometry";
import { decodeGray } from "../vision/image";
import { halve } from "../vision/threshold";
import { markerQuad } from "./markers";

/** The live camera looks for the corner markers on a 320-pixel-wide copy of the picture: they must be found there. */
async function preview(image: Buffer) {
  const { data, info } = await sharp(image).resize({ width: 320 }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: Float32Array.from(data) };
}

describe("corner markers at the live camera's size", () => {
  it("are found on a photographed sheet, and not on a picture without one", async () => {
    const [sheet] = await roundSheets({ seed: 21, round: 1, boards: 1 });
    const quad = markerQuad(await preview(sheet.photos[0]));
    expect(quad).toHaveLength(4);
    const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#d0d0c8" } }).jpeg().toBuffer();
    expect(markerQuad(await preview(blank))).toBeNull();
  });
});

describe("corner markers in a full-size photo", () => {
  it("are searched at half size and found within 0.7 pixels of where the photo put their centres (0.3 searched at full size)", async () => {
    for (const seed of [3, 8]) {
      const [page] = await syntheticSheet({ seed, fonts: ["caveat"] });
      const photo = await decodeGray(page.jpeg);
      expect(Math.min(photo.width, photo.height)).toBeGreaterThan(1000);
      const pxPerMm = page.clean.width / PAGE_WIDTH_MM;
      const { width, height } = page.clean;
      const toPhoto = homography([{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }], page.corners)!;
      const truth = [0, 1, 2, 3].map((i) => project(toPhoto, markerCentre(i).x * pxPerMm, markerCentre(i).y * pxPerMm));
      const found = markerQuad(photo)!;
      expect(found).toHaveLength(4);
      for (const t of truth) {
        const nearest = Math.min(...found.map((p) => Math.hypot(p.x - t.x, p.y - t.y)));
        expect(nearest).toBeLessThan(0.7);
      }
    }
  });
});

describe("halving an image", () => {
  it("averages each two-by-two block and leaves out an odd last row and column", () => {
    const image = { width: 3, height: 3, data: Float32Array.from([0, 4, 9, 8, 12, 9, 9, 9, 9]) };
    expect(halve(image)).toEqual({ width: 1, height: 1, data: Float32Array.from([6]) });
  });
});
