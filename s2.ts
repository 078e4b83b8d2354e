import sharp from "sharp";
import { syntheticSheet } from "./worker/synth/sheet";
import { TRAINING_FONTS } from "./worker/synth/fonts";
import { decodeGray, toBytes } from "./worker/vision/image";
import { detectLayout, correctPerspective } from "./worker/reader/layout";
import { detectBoxes } from "./worker/reader/boxes";
import { cropBox } from "./worker/reader/crops";
import { PAGE_WIDTH_MM, PAGE_HEIGHT_MM } from "./app/sheets/templates";
let ok = 0, n = 0, boxesOk = 0, err = 0, errN = 0;
for (let seed = 1; seed <= 12; seed++) {
  const pages = await syntheticSheet({ seed, fonts: TRAINING_FONTS });
  for (const p of pages) {
    n++;
    const t = Date.now();
    const img = await decodeGray(p.jpeg);
    const layout = detectLayout(img);
    const t1 = Date.now();
    if (layout.status !== 2) { console.log('seed', seed, 'layout fail'); await sharp(p.jpeg).png().toFile(`/tmp/fail${seed}.png`); continue; }
    if (layout.page.code !== p.page.code) console.log('wrong code');
    ok++;
    const page = correctPerspective(img, layout, PAGE_WIDTH_MM, PAGE_HEIGHT_MM);
    const t2 = Date.now();
    const boxes = detectBoxes(page, layout.page);
    const t3 = Date.now();
    if (boxes.status === 2) boxesOk++;
    boxes.moveBoxes.forEach((b, i) => { const e = layout.page.moveBoxes[i]; err += Math.abs(b.x - e.x*5) + Math.abs(b.y - e.y*5); errN += 2; });
    console.log(seed, 'conf', layout.confidence.toFixed(2), 'boxes', boxes.confidence.toFixed(2), 'hdr', Object.values(boxes.header).filter(Boolean).length, 'ms', t1-t, t2-t1, t3-t2);
    if (seed === 1) {
      await sharp(Buffer.from(toBytes(page)), { raw: { width: page.width, height: page.height, channels: 1 } }).png().toFile('/tmp/page1.png');
      const c = cropBox(page, boxes.moveBoxes[3]);
      await sharp(Buffer.from(c.pixels.map(v => 255 - v * 255)), { raw: { width: 160, height: 32, channels: 1 } }).resize(640).png().toFile('/tmp/crop.png');
      console.log('crop text', p.written[3]?.text, c.ink, 'empty ink', cropBox(page, boxes.moveBoxes[119]).ink);
    }
  }
}
console.log({ n, ok, boxesOk, meanAbsErrPx: err / errN });
