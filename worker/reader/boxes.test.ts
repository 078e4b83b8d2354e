import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM } from "~/sheets/templates";
import { HELD_OUT_FONTS } from "../synth/fonts";
import { syntheticSheet } from "../synth/sheet";
import { bowed } from "../synth/photo";
import { decodeGray, toBytes } from "../vision/image";
import { detectBoxes } from "./boxes";
import { correctPerspective, detectLayout, PAGE_PX_PER_MM } from "./layout";

/** How far (mm) a page bowed by `amplitude` mm moves its content down at `x` mm across, and how steeply there. */
const bow = (amplitude: number, x: number) => ({ down: amplitude * Math.sin((Math.PI * x) / PAGE_WIDTH_MM), slope: ((amplitude * Math.PI) / PAGE_WIDTH_MM) * Math.cos((Math.PI * x) / PAGE_WIDTH_MM) });

describe("move boxes on a bent page", () => {
  it("follows rows that sag by 3 mm and lean across their boxes, which whole straight lines do not", async () => {
    const [page] = await syntheticSheet({ seed: 6, fonts: HELD_OUT_FONTS, layout: "kiebitz-60" });
    const image = bowed(page.clean, 3 / PAGE_WIDTH_MM);
    const jpeg = await sharp(Buffer.from(toBytes(image)), { raw: { width: image.width, height: image.height, channels: 1 } }).jpeg({ quality: 90 }).toBuffer();
    const photo = await decodeGray(jpeg);
    const layout = detectLayout(photo);
    if (layout.status !== 2) throw new Error("layout not detected");
    const boxes = detectBoxes(correctPerspective(photo, layout, PAGE_WIDTH_MM, PAGE_HEIGHT_MM), layout.page);
    expect(boxes.status).toBe(2);
    expect(boxes.confidence).toBeGreaterThan(0.9);
    layout.page.moveBoxes.forEach((form, i) => {
      const found = boxes.moveBoxes[i];
      const middle = form.x + form.w / 2;
      // each box within half a millimetre of where the bow puts it (less the corner markers' own sag, by which the page is placed), leaning as the bow does there
      expect(Math.abs(found.y / PAGE_PX_PER_MM - (form.y + bow(3, middle).down - bow(3, 13).down))).toBeLessThan(0.5);
      expect(Math.abs(found.x / PAGE_PX_PER_MM - form.x)).toBeLessThan(0.5);
      expect(Math.abs((found.lean ?? 0) - bow(3, middle).slope)).toBeLessThan(0.015);
    });
  });
});
