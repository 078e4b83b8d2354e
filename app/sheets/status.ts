/**
 * Detection status codes of spec §4, as the reader reports them and sheet_image_entry stores them.
 * Layout and boxes: 0 queued, 1 running, 2 detected, 10 failed, 11 layout not detected, 12 boxes not detected.
 * Round and board: 0 not started, 1 running, 2 detected (unconfirmed), 3 confirmed, 4 queued, 5 set manually,
 * 11 no value detected, 12 box not found.
 */
export const DETECTION = {
  queued: 0,
  running: 1,
  detected: 2,
  failed: 10,
  layoutNotDetected: 11,
  boxesNotDetected: 12,
} as const;

export const VALUE_DETECTION = {
  notStarted: 0,
  running: 1,
  detected: 2,
  confirmed: 3,
  queued: 4,
  manual: 5,
  noValueDetected: 11,
  boxNotFound: 12,
} as const;

export type DetectionCode = (typeof DETECTION)[keyof typeof DETECTION];
export type ValueDetectionCode = (typeof VALUE_DETECTION)[keyof typeof VALUE_DETECTION];
