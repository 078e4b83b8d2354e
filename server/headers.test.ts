import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./headers";

async function headersOf(https: boolean): Promise<Headers> {
  const app = express();
  app.use(securityHeaders({ https, formActions: ["https://accounts.google.com"] }));
  app.get("/", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers;
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("over https: HSTS and upgrade-insecure-requests; Google's sign-in may receive the form", async () => {
    const headers = await headersOf(true);
    expect(headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(headers.get("content-security-policy")).toContain("form-action 'self' https://accounts.google.com");
  });

  it("over http: no HSTS (a browser would refuse the site later)", async () => {
    const headers = await headersOf(false);
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });
});
