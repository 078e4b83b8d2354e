import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM } from "~/sheets/templates";
import { decodeGray, type GrayImage } from "../vision/image";
import { detectBoxes, type BoxesResult } from "./boxes";
import { correctPerspective, detectLayout, type LayoutResult, type LayoutFound } from "./layout";

export type PageSteps =
  | { layout: Exclude<LayoutResult, LayoutFound> }
  | { layout: LayoutFound; page: GrayImage; boxes: BoxesResult };

/** The geometric steps: decode the photo, find the form, straighten it, find its boxes. */
export async function locatePage(photo: Uint8Array): Promise<PageSteps> {
  const image = await decodeGray(photo);
  const layout = detectLayout(image);
  if (layout.status !== 2) return { layout };
  const page = correctPerspective(image, layout, PAGE_WIDTH_MM, PAGE_HEIGHT_MM);
  return { layout, page, boxes: detectBoxes(page, layout.page) };
}
