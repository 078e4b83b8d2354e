/** What skeleton.ts uses of npm's `skeleton-tracing-js` (it ships no types): thinning and tracing a binary image into polylines of pixel points. */
declare module "skeleton-tracing-js" {
  const TraceSkeleton: {
    fromBoolArray(image: Uint8Array, width: number, height: number): { polylines: [number, number][][]; width: number; height: number };
  };
  export default TraceSkeleton;
}
