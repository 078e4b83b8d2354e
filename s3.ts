import { syntheticSheet } from "./worker/synth/sheet";
import { TRAINING_FONTS } from "./worker/synth/fonts";
import { decodeGray, adaptiveThreshold } from "./worker/vision/image";
import { components, solidity } from "./worker/vision/components";
const pages = await syntheticSheet({ seed: 10, fonts: TRAINING_FONTS });
const img = await decodeGray(pages[0].jpeg);
const side = Math.min(img.width, img.height);
const mask = adaptiveThreshold(img, Math.round(side / 8), 0.75);
const cs = components(mask, img.width, img.height, (side/120)**2).sort((a,b)=>b.area-a.area).slice(0,30);
for (const c of cs) { const s = solidity(c); console.log(Math.round(c.cx), Math.round(c.cy), c.area, s.compactness.toFixed(2), s.elongation.toFixed(2)); }
console.log(pages[0].corners);
