import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM, markerCentre } from "~/sheets/templates";
import { HELD_OUT_FONTS } from "../synth/fonts";
import { syntheticSheet } from "../synth/sheet";
import { compose, homography, invert, project } from "../vision/geometry";
import { createImage, decodeGray, toBytes, warp, type GrayImage } from "../vision/image";
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

  it("does not take a dark blob beside the page for a corner marker, though it spans a larger quadrilateral", async () => {
    const [page] = await syntheticSheet({ seed: 6, fonts: HELD_OUT_FONTS, layout: "kiebitz-60" });
    const perMm = page.clean.width / PAGE_WIDTH_MM;
    const desk = Math.round(20 * perMm);
    const side = Math.round(10 * perMm);
    // a black square of a marker's size half off the page's left edge, level with its bottom-left marker
    const blob = { left: desk + Math.round(-9 * perMm), top: desk + Math.round(279 * perMm) };
    const onDesk = await sharp(Buffer.from(toBytes(page.clean)), { raw: { width: page.clean.width, height: page.clean.height, channels: 1 } })
      .extend({ top: desk, bottom: desk, left: desk, right: desk, background: "#707070" })
      .composite([{ input: { create: { width: side, height: side, channels: 3, background: "#000" } }, ...blob }])
      .png()
      .toBuffer()
      .then((png) => sharp(png).resize({ width: 1200 }).jpeg({ quality: 85 }).toBuffer());
    const photo = await decodeGray(onDesk);
    const layout = detectLayout(photo);
    if (layout.status !== 2) throw new Error("layout not detected");
    const scale = photo.width / (page.clean.width + 2 * desk);
    const corner = project(layout.toPhoto, markerCentre(3).x, markerCentre(3).y);
    expect(corner.x).toBeCloseTo((desk + 13 * perMm) * scale, -1);
    expect(corner.y).toBeCloseTo((desk + 284 * perMm) * scale, -1);
  });

  it("places a page whose top-right marker is cut off by the photo's edge, tilted in perspective, by its other three markers and its grid", async () => {
    const [page] = await syntheticSheet({ seed: 7, fonts: HELD_OUT_FONTS, layout: "kiebitz-60" });
    const perMm = page.clean.width / PAGE_WIDTH_MM;
    // the page's corners in a 1200 × 1600 photo, its top right corner out of the frame and 8 mm from where a parallelogram has it
    const corners = [{ x: 250, y: 150 }, { x: 1275, y: 170 }, { x: 1240, y: 1500 }, { x: 250, y: 1450 }];
    const toPhoto = homography(
      [{ x: 0, y: 0 }, { x: PAGE_WIDTH_MM, y: 0 }, { x: PAGE_WIDTH_MM, y: PAGE_HEIGHT_MM }, { x: 0, y: PAGE_HEIGHT_MM }],
      corners,
    )!;
    const photoToPage = invert(compose([perMm, 0, 0, 0, perMm, 0, 0, 0, 1], invert(toPhoto)));
    const photo = warp(page.clean, invert(photoToPage), 1200, 1600, 90);
    const topRight = project(toPhoto, markerCentre(1).x, markerCentre(1).y);
    expect(topRight.x).toBeGreaterThan(1200 - 10);
    const layout = detectLayout(await decodeGray(await sharp(Buffer.from(toBytes(photo)), { raw: { width: 1200, height: 1600, channels: 1 } }).jpeg({ quality: 85 }).toBuffer()));
    if (layout.status !== 2) throw new Error("layout not detected");
    expect([layout.page.layout, layout.page.page]).toEqual(["kiebitz-60", 1]);
    // every marker, the cut one too, within a millimetre (about 5 px here) of where it is
    for (const i of [0, 1, 2, 3]) {
      const found = project(layout.toPhoto, markerCentre(i).x, markerCentre(i).y);
      const truth = project(toPhoto, markerCentre(i).x, markerCentre(i).y);
      expect(Math.hypot(found.x - truth.x, found.y - truth.y)).toBeLessThan(5);
    }
  });

  it("finds no form on a photo of a chessboard among dark squares", () => {
    const photo = createImage(1200, 1600, 200);
    const square = (x0: number, y0: number, side: number, grey: number) => {
      for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) photo.data[y * photo.width + x] = grey;
    };
    for (let row = 0; row < 8; row++) for (let col = 0; col < 8; col++) if ((row + col) % 2 === 0) square(100 + col * 125, 200 + row * 125, 125, 30);
    for (let k = 0; k < 30; k++) square((k * 397) % 1150, (k * 911) % 1550, 40, 20);
    expect(detectLayout(photo).status).toBe(11);
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
