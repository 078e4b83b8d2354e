import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { digitImage, realDigits } from "./digits";
import { TRAINING_FONTS, loadHand } from "./fonts";
import { randomHand, writeInBox } from "./handwriting";
import { syntheticSheet } from "./sheet";

const pixelsOf = async (uri: string) =>
  sharp(Buffer.from(uri.replace("data:image/png;base64,", ""), "base64")).raw().toBuffer({ resolveWithObject: true });

describe("writers whose digits are real people's", () => {
  it("draws a collected digit cut to its ink, in the writer's ink, thinner with more thinning", async () => {
    // MNIST's first training digit is a 5 in the middle of its 28 × 28 square
    const thick = await pixelsOf((await digitImage("training", 0, "#0d2a7a", 0)).uri);
    const thin = await pixelsOf((await digitImage("training", 0, "#0d2a7a", 0.5)).uri);
    expect(thick.info.channels).toBe(4);
    expect(thick.info.width).toBeLessThan(28);
    expect(thick.info.height).toBeLessThan(28);
    expect(thick.info.height).toBeGreaterThan(12);
    const inked = (data: Buffer) => {
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 0) expect([data[i], data[i + 1], data[i + 2]]).toEqual([0x0d, 0x2a, 0x7a]);
        sum += data[i + 3];
      }
      return sum;
    };
    expect(inked(thin.data)).toBeLessThan(0.8 * inked(thick.data));
    expect(inked(thin.data)).toBeGreaterThan(0);
  });

  it("keeps each digit a writer's own: the same two drawings, from the set asked for", async () => {
    const a = await realDigits(seededRandom(3), "held-out", "#111");
    const b = await realDigits(seededRandom(3), "held-out", "#111");
    const training = await realDigits(seededRandom(3), "training", "#111");
    expect(a.drawings).toHaveLength(10);
    expect(a.drawings.every((drawings) => drawings.length === 2)).toBe(true);
    expect(b.drawings.map((d) => d[0].uri)).toEqual(a.drawings.map((d) => d[0].uri));
    expect(training.drawings[4][0].uri).not.toBe(a.drawings[4][0].uri);
  });

  it("writes the digits of a box as images and its letters in the hand, each character with its middle in order", async () => {
    const random = seededRandom(5);
    const hand = { ...randomHand(random, loadHand("caveat")), digits: await realDigits(random, "training", "#111") };
    const box = { x: 10, y: 10, w: 40, h: 9 };
    const writing = writeInBox("Nf3", box, hand, random);
    expect(writing.svg.match(/<image /g)).toHaveLength(1);
    expect(writing.middles).toHaveLength(3);
    expect(writing.middles[0]).toBeLessThan(writing.middles[1]);
    expect(writing.middles[1]).toBeLessThan(writing.middles[2]);
    expect(writeInBox("0-0-0", box, hand, random).svg.match(/<image /g)).toHaveLength(3);
    // without digits to write, the hand's own letters alone
    expect(writeInBox("Kxe", box, hand, random).svg).not.toContain("<image");
  });

  it("leaves sheets without real digits as they were, and writes the same game in the same hand with them", async () => {
    const options = { seed: 70000001, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const };
    const [plain] = await syntheticSheet(options);
    const [none] = await syntheticSheet({ ...options, realDigits: { share: 0, set: "training" } });
    const [real] = await syntheticSheet({ ...options, realDigits: { share: 1, set: "training" } });
    expect(Buffer.compare(none.jpeg, plain.jpeg)).toBe(0);
    expect(real.sans).toEqual(plain.sans);
    // the same boxes filled (the words in them drawn from the sheet's random stream after other digits)
    expect(real.written.map((box) => `${box.move}${box.side}`)).toEqual(plain.written.map((box) => `${box.move}${box.side}`));
    expect(real.font).toBe(plain.font);
    expect(Buffer.compare(real.jpeg, plain.jpeg)).not.toBe(0);
  });
});
