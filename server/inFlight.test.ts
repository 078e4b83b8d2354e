import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inFlightLimit } from "./inFlight";

/**
 * One address's requests handled a few at a time: a flood of slow pages from one address must not
 * make everyone else wait behind all of it (before: all 600 its rate limit allows rendered at once).
 */
let url = "";
let close = () => {};
const log: string[] = [];
const inFlight = new Map<string, number>();
let most = 0;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  app.use(inFlightLimit(1, 2, 3));
  // a page that takes `ms` milliseconds, noting when it starts and the most of one address that ran at once
  app.get(["/slow", "/de/slow", "/api/slow"], (req, res) => {
    const address = req.ip ?? "";
    inFlight.set(address, (inFlight.get(address) ?? 0) + 1);
    most = Math.max(most, inFlight.get(address)!);
    log.push(`${req.ip} ${String(req.query.n)}`);
    setTimeout(() => {
      inFlight.set(address, inFlight.get(address)! - 1);
      res.send("ok");
    }, Number(req.query.ms ?? 100));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string, address: string, signal?: AbortSignal) =>
  fetch(`${url}${path}`, { headers: { "X-Forwarded-For": address }, signal }).then(async (r) => [r.status, await r.text()] as const);

describe("requests of one address handled at once", () => {
  it("runs two of one address at a time in order, the rest waiting; another address is served meanwhile; over the queue is 429", async () => {
    log.length = 0;
    most = 0;
    const flood = [1, 2, 3, 4, 5].map((n) => get(`/slow?n=${n}&ms=600`, "10.0.0.1"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await get("/de/slow?n=6", "10.0.0.1");
    expect(refused).toEqual([429, "Zu viele Anfragen gleichzeitig. Bitte gleich erneut versuchen."]);
    const other = await get("/slow?n=1&ms=1", "10.0.0.2");
    expect(other).toEqual([200, "ok"]);
    // the other address was answered while the first three of the flood were still waiting or running
    expect(log.slice(0, 3)).toEqual(["10.0.0.1 1", "10.0.0.1 2", "10.0.0.2 1"]);
    expect((await Promise.all(flood)).map(([status]) => status)).toEqual([200, 200, 200, 200, 200]);
    expect(log.filter((entry) => entry.startsWith("10.0.0.1"))).toEqual(["10.0.0.1 1", "10.0.0.1 2", "10.0.0.1 3", "10.0.0.1 4", "10.0.0.1 5"]);
    expect(most).toBe(2);
  });

  it("a request given up while waiting gives up its turn; the queue then serves the next", async () => {
    log.length = 0;
    const first = [1, 2].map((n) => get(`/slow?n=${n}&ms=800`, "10.0.0.3"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const abort = new AbortController();
    const abandoned = get("/slow?n=3", "10.0.0.3", abort.signal).catch(() => "aborted");
    const kept = get("/slow?n=4&ms=1", "10.0.0.3");
    await new Promise((resolve) => setTimeout(resolve, 200));
    abort.abort();
    expect(await abandoned).toBe("aborted");
    expect(await kept).toEqual([200, "ok"]);
    await Promise.all(first);
    expect(log).toEqual(["10.0.0.3 1", "10.0.0.3 2", "10.0.0.3 4"]);
  });

  it("does not hold the app's API (devices at one venue share its address)", async () => {
    most = 0;
    const statuses = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => get(`/api/slow?n=${n}&ms=100`, "10.0.0.4")));
    expect(statuses.every(([status]) => status === 200)).toBe(true);
    expect(most).toBe(7);
  });
});
