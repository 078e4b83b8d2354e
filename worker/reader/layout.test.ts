import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM, markerCentre } from "~/sheets/templates";
import { HELD_OUT_FONTS } from "../synth/fonts";
import { syntheticSheet } from "../synth/sheet";
import { project } from "../vision/geometry";
import { decodeGray, toBytes, type GrayImage } from "../vision/image";
import { detectBoxes } from "./boxes";
import { correctPerspective, detectLayout, PAGE_PX_PER_MM } from "./layout";

const jpeg = (image: GrayImage, rotate: number) =>
  sharp(Buffer.from(toBytes(image)), { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(rotate, { background: "#777" })
    .resize({ width: 1200 })
    .jpeg({ quality: 80 })
    .toBuffer();

describe("layout and box detection", () => {
  it("recognises each page of both forms and which way up it was photographed", async () => {
    const pages = await syntheticSheet({ seed: 5, fonts: HELD_OUT_FONTS, layout: "kiebitz-120" });
    for (const [index, rotate] of [[0, 180], [1, 90]] as const) {
      const photo = await decodeGray(await jpeg(pages[index].clean, rotate));
      const layout = detectLayout(photo);
      if (layout.status !== 2) throw new Error("layout not detected");
      expect([layout.page.layout, layout.page.page]).toEqual(["kiebitz-120", index + 1]);
      expect(layout.confidence).toBeGreaterThan(0.5);
      // the form's top-left marker is where the rotation put it: bottom right (180°) or top right (90° clockwise)
      const topLeft = project(layout.toPhoto, markerCentre(0).x, markerCentre(0).y);
      expect(topLeft.x).toBeGreaterThan(photo.width / 2);
      if (rotate === 180) expect(topLeft.y).toBeGreaterThan(photo.height / 2);
      else expect(topLeft.y).toBeLessThan(photo.height / 2);
      const page = correctPerspective(photo, layout, PAGE_WIDTH_MM, PAGE_HEIGHT_MM);
      const boxes = detectBoxes(page, layout.page);
      expect(boxes.status).toBe(2);
      expect(boxes.confidence).toBeGreaterThan(0.9);
      // every move box within 1 mm of where the form puts it
      boxes.moveBoxes.forEach((box, i) => {
        expect(Math.abs(box.x - layout.page.moveBoxes[i].x * PAGE_PX_PER_MM)).toBeLessThan(PAGE_PX_PER_MM);
        expect(Math.abs(box.y - layout.page.moveBoxes[i].y * PAGE_PX_PER_MM)).toBeLessThan(PAGE_PX_PER_MM);
      });
      expect(Object.values(boxes.header).every((box) => box !== null)).toBe(true);
    }
  });

  it("reports 'boxes not detected' (12) for a page whose grid is missing", async () => {
    const pages = await syntheticSheet({ seed: 6, fonts: HELD_OUT_FONTS, layout: "kiebitz-60" });
    const photo = await decodeGray(await jpeg(pages[0].clean, 0));
    const layout = detectLayout(photo);
    if (layout.status !== 2) throw new Error("layout not detected");
    const blank: GrayImage = { width: 1050, height: 1485, data: new Float32Array(1050 * 1485).fill(230) };
    const boxes = detectBoxes(blank, layout.page);
    expect(boxes.status).toBe(12);
    expect(boxes.confidence).toBe(0);
    expect(Object.values(boxes.header).every((box) => box === null)).toBe(true);
  });
});
