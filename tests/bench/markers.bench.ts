/**
 * Corner-marker search benchmark (npm run bench:markers): photos of synthetic sheets (4.3 megapixels, what the
 * app uploads) searched for their four markers as the reader does (at half size) against the search at full size
 * in the same run: photos per second, the ratio, and how far apart the two searches put the markers' centres.
 * Run: npm run bench:markers [-- --photos 12]
 */
import { parseArgs } from "node:util";
import { FIRST_TRAINING_FONTS } from "../../worker/synth/fonts";
import { syntheticSheet } from "../../worker/synth/sheet";
import { markerCandidates, quadrilaterals } from "../../worker/reader/markers";
import { decodeGray, type GrayImage } from "../../worker/vision/image";
import { format, perSecond } from "./measure";

const { values } = parseArgs({ options: { photos: { type: "string", default: "12" } } });
const PHOTOS = Number(values.photos);
const photos: GrayImage[] = [];
for (let seed = 0; seed < PHOTOS; seed++) {
  const [page] = await syntheticSheet({ seed: 5000 + seed, fonts: FIRST_TRAINING_FONTS });
  photos.push(await decodeGray(page.jpeg));
}
const search = (fullSize: boolean) => () => {
  for (const photo of photos) quadrilaterals(markerCandidates(photo, fullSize));
  return photos.length;
};
const half = perSecond(search(false));
const full = perSecond(search(true));
let farthest = 0;
let found = 0;
let foundByOne = 0;
for (const photo of photos) {
  const [a] = quadrilaterals(markerCandidates(photo));
  const [b] = quadrilaterals(markerCandidates(photo, true));
  if (!a !== !b) foundByOne++;
  if (!a || !b) continue;
  found++;
  for (const p of a) farthest = Math.max(farthest, Math.min(...b.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
}
console.log(`Corner markers (${PHOTOS} photos of ${photos[0].width} × ${photos[0].height} pixels or turned)`);
console.log(`  searched at half size (the reader): ${format(half, 1)} photos/s`);
console.log(`  searched at full size:             ${format(full, 1)} photos/s`);
console.log(`  half / full size: ${format(half / full, 2)}x the photos per second; four markers found by both on ${found} of ${PHOTOS} photos (by one only: ${foundByOne}), at most ${format(farthest, 2)} px apart`);
