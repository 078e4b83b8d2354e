import type { NextFunction, Request, Response } from "express";
import { tooMany } from "./answers";

/**
 * Requests of one client address handled at once by the app (README, "Limits"). A page of a tournament
 * of thousands takes a second or two of the app's thread to render; one address sending hundreds of
 * them at once (within its rate limit) would have every other visitor wait behind all of them. Beyond
 * IN_FLIGHT_PER_ADDRESS an address's requests wait their turn, in order, while other addresses' requests
 * go on being served; beyond WAITING_PER_ADDRESS more they are refused (429). A browser asks for a page
 * and its routes' data at most four at a time, so a person never waits here. The app's API (devices at
 * one venue share its address, and carry their own tokens) is not held.
 */
export const IN_FLIGHT_PER_ADDRESS = 4;
export const WAITING_PER_ADDRESS = 100;

type Address = { inFlight: number; waiting: (() => void)[] };

/** `multiplier` raises both, as it raises the rate limits, for the end-to-end tests (all their browsers on one address). */
export function inFlightLimit(multiplier = 1, inFlightMax = IN_FLIGHT_PER_ADDRESS * multiplier, waitingMax = WAITING_PER_ADDRESS * multiplier) {
  const addresses = new Map<string, Address>();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith("/api/")) return next();
    const key = req.ip ?? "unknown";
    let address = addresses.get(key);
    if (!address) addresses.set(key, (address = { inFlight: 0, waiting: [] }));
    const own = address;
    let started = false;
    const start = () => {
      started = true;
      own.inFlight++;
      next();
    };
    // 'close' comes once the response is sent or the client went away, whichever is first: a request
    // handled makes room for the next one waiting; one still waiting gives up its turn
    res.once("close", () => {
      if (!started) {
        const index = own.waiting.indexOf(start);
        if (index >= 0) own.waiting.splice(index, 1);
      } else {
        own.inFlight--;
        own.waiting.shift()?.();
      }
      if (own.inFlight === 0 && own.waiting.length === 0 && addresses.get(key) === own) addresses.delete(key);
    });
    if (own.inFlight < inFlightMax) return start();
    if (own.waiting.length >= waitingMax) return tooMany(req, res);
    own.waiting.push(start);
  };
}
