import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { roundSheets } from "../synth/round";
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
