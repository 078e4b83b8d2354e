import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { sessionStorage } from "~/auth/session.server";
import { startSession } from "~/auth/sessions.server";
import { PAGES_PER_MINUTE } from "../../server/rateLimits";
import { startServer, type TestServer } from "./server";

/**
 * What any request meets in front of the pages (server/): limits on URLs and bodies, cross-site
 * checks, security headers, rate limits, and sessions that end when revoked. Each finding of the
 * attacker's report has its request here.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  const role = await server.db.role.findUniqueOrThrow({ where: { name: "User" } });
  await server.db.user.create({
    data: { email: "http@example.org", username: "Http", password: await hashPassword("Secret-Pass-1"), roleId: role.id, confirmed: true },
  });
});
afterAll(() => server?.close());

/** A raw request (the path as given, headers as given, the body possibly shorter than announced). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const length = body !== undefined && !headers["Content-Length"] && !headers["Transfer-Encoding"] ? { "Content-Length": String(Buffer.byteLength(body)) } : {};
    const req = http.request({ host: url.hostname, port: url.port, method, path, agent: false, headers: { ...length, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, ms: performance.now() - started }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("URLs", () => {
  it("a 15 KB path of 7,500 segments is refused (414) at once while another request is served", async () => {
    const long = raw("GET", `/${"a/".repeat(7500)}`);
    const other = raw("GET", "/about");
    const [refused, served] = await Promise.all([long, other]);
    expect(refused.status).toBe(414);
    expect(served.status).toBe(200);
  });

  it("a path deeper than any page is 404 before route matching", async () => {
    const response = await raw("GET", `/${"x/".repeat(40)}`);
    expect(response.status).toBe(404);
    expect(response.body).toBe("This page does not exist.");
  });

  it("a refusal in front of the pages is in the visitor's language, a page with a way home for a browser", async () => {
    const browser = { Accept: "text/html,application/xhtml+xml" };
    const deep = await raw("GET", `/de/${"x/".repeat(40)}`, browser);
    expect([deep.status, deep.headers["content-type"]]).toEqual([404, "text/html; charset=utf-8"]);
    expect(deep.body).toContain('<html lang="de">');
    expect(deep.body).toContain('<h1>Diese Seite gibt es nicht.</h1>');
    expect(deep.body).toContain('<a href="/de">Zurück zur Startseite</a>');
    expect(deep.headers["x-frame-options"]).toBe("DENY");
    const broken = await raw("GET", "/de/event/%FF");
    expect([broken.status, broken.body]).toEqual([400, "Die Anfrage konnte nicht verstanden werden."]);
    const foreign = await raw("POST", "/de/signOut", { ...FORM, ...browser, Origin: "http://evil.example" }, "");
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain("Dieses Formular wurde von einer anderen Website gesendet und abgelehnt.");
    const long = await raw("GET", `/${"a".repeat(5000)}`);
    expect([long.status, long.body]).toEqual([414, "This address is too long."]);
  });

  it("a path with broken percent-encoding is a bad request (400), not a server error", async () => {
    for (const path of ["/%", "/%E0%A4%A", "/event/%FF"]) expect((await raw("GET", path)).status).toBe(400);
  });

  it("ids beyond PostgreSQL's integer range and rounds beyond the maximum answer 404, not 500", async () => {
    expect((await raw("GET", "/eventId/3000000000")).status).toBe(404);
    expect((await raw("GET", "/eventId/99999999999999999999")).status).toBe(404);
    expect((await raw("GET", "/eventId/1e3")).status).toBe(404);
  });
});

describe("bodies", () => {
  it("a 200 MB form post to /contact is refused (413) from its length, without reading or echoing it", async () => {
    const response = await raw("POST", "/contact", { ...FORM, "Content-Length": String(200 * 1024 * 1024) }, "email=a");
    expect(response.status).toBe(413);
    expect(response.body).toBe("What was sent is larger than 256 KB, the most this form takes. Please send fewer or smaller files at once.");
  });

  it("a browser's form over its limit gets a page in its language saying how much the form takes, with a way back to it", async () => {
    const origin = new URL(server.url).origin;
    const html = { ...FORM, Accept: "text/html,application/xhtml+xml", "Content-Length": String(65 * 1024 * 1024) };
    const german = await raw("POST", "/de/webapp/sheets/1/2/upload", { ...html, Referer: `${origin}/de/webapp/sheets/1/2?round=3` }, "x");
    expect([german.status, german.headers["content-type"]]).toEqual([413, "text/html; charset=utf-8"]);
    expect(german.body).toContain('<html lang="de">');
    expect(german.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(german.headers["x-frame-options"]).toBe("DENY");
    expect(german.body).toContain("<h1>Zu groß zum Senden</h1><p>Das Gesendete ist größer als 64 MB, mehr nimmt dieses Formular nicht an.");
    expect(german.body).toContain('<a href="/de/webapp/sheets/1/2?round=3">Zurück zum Formular</a>');
    // a referer of another site is no way back: the home page in the visitor's language
    const english = await raw("POST", "/contact", { ...html, Referer: "https://evil.example/x" }, "x");
    expect(english.body).toContain("larger than 256 KB");
    expect(english.body).toContain('<a href="/">Back to the form</a>');
    // nor is a path of this site that a browser would take for another site's address
    const doubled = await raw("POST", "/de/contact", { ...html, Referer: `${origin}//evil.example/x` }, "x");
    expect(doubled.body).toContain('<a href="/de">Zurück zum Formular</a>');
  });

  it("a body without a length (chunked) is refused with 411", async () => {
    const response = await raw("POST", "/contact", { ...FORM, "Transfer-Encoding": "chunked" }, "email=a");
    expect(response.status).toBe(411);
    expect(response.body).toBe("What was sent did not say its length, and was refused.");
  });

  it("an over-long field is answered with its message and at most an excerpt of it", async () => {
    const message = "m".repeat(200_000);
    const response = await raw("POST", "/contact?_data=routes%2F(%24lang)._default.contact", FORM, form({ email: "a@example.org", name: "Al", subject: "Hi", message }));
    expect(response.status).toBe(200);
    expect(response.body).toContain("validation.tooLong");
    expect(response.body).toContain("m".repeat(1000));
    expect(response.body).not.toContain("m".repeat(1001));
  });
});

describe("cross-site requests", () => {
  it("a form from another origin (another port of the same host) is refused with 403, page and data requests alike", async () => {
    const foreign = { ...FORM, Origin: "http://127.0.0.1:1" };
    expect((await raw("POST", "/signOut", foreign, "")).status).toBe(403);
    expect((await raw("POST", "/signIn?_data=routes%2F(%24lang)._default.signIn", foreign, form({ email: "x@example.org", password: "y" }))).status).toBe(403);
    expect((await raw("POST", "/signOut", { ...FORM, "Sec-Fetch-Site": "cross-site" }, "")).status).toBe(403);
    expect((await raw("POST", "/signOut", { ...FORM, Referer: "http://evil.example/form" }, "")).status).toBe(403);
    expect((await raw("POST", "/signOut", { ...FORM, Origin: "null" }, "")).status).toBe(403);
  });

  it("a form of this site passes", async () => {
    const response = await raw("POST", "/signOut", { ...FORM, Origin: server.url, "Sec-Fetch-Site": "same-origin" }, "");
    expect(response.status).toBe(302);
  });
});

describe("headers", () => {
  it("every page has a Content-Security-Policy whose nonce its scripts carry, and the other security headers", async () => {
    const response = await raw("GET", "/");
    const csp = String(response.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(response.body).toContain(`nonce="${nonce}"`);
    expect(response.body).not.toMatch(/<script(?![^>]*nonce=)(?![^>]*src=)[^>]*>/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["permissions-policy"]).toContain("camera=(self)");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    // a second page has another nonce
    const again = await raw("GET", "/");
    expect(String(again.headers["content-security-policy"])).not.toContain(nonce);
  });
});

describe("NUL", () => {
  it("a NUL (U+0000), which PostgreSQL's text cannot hold, is a bad address (400) and is left out of what a form saves, never a server error", async () => {
    for (const path of ["/event/%00", "/event/x/%00", "/connect/%00", "/view/%00", "/eventId/1?x=%00"]) expect((await raw("GET", path)).status).toBe(400);
    const user = await server.db.user.findUniqueOrThrow({ where: { email: "http@example.org" } });
    const session = await sessionStorage().getSession();
    session.set("sessionId", await startSession(server.db, user.id));
    const cookie = (await sessionStorage().commitSession(session)).split(";")[0];
    const created = await raw("POST", "/webapp/createEvent", { ...FORM, Origin: server.url, Cookie: cookie }, form({ name: "Nul\u0000Open", description: "Two\u0000words" }));
    expect(created.status, created.headers.location).toBe(302);
    expect(created.headers.location).toMatch(/^\/webapp\/event\/\d+$/);
    const event = await server.db.event.findFirstOrThrow({ where: { name: "NulOpen" } });
    expect(event.description).toBe("Twowords");
    const signUp = await raw("POST", "/signUp", { ...FORM, Origin: server.url }, form({ email: "nul@example.org", username: "Nul", password: "Nul-Pass-1", passwordConfirmation: "Nul-Pass-1", captchaId: "x\u0000y", captcha: "abcde", registrationCode: "code", eula: "on" }));
    expect(signUp.status).toBe(400);
  });

});

describe("sign-in", () => {
  async function signIn(redirectTo = ""): Promise<{ status: number; location?: string; cookie: string }> {
    const response = await raw("POST", "/signIn", { ...FORM, Origin: server.url }, form({ email: "http@example.org", password: "Secret-Pass-1", redirectTo }));
    const cookie = String(response.headers["set-cookie"]?.[0] ?? "").split(";")[0];
    return { status: response.status, location: response.headers.location, cookie };
  }

  it("never redirects off-site: a tab, a line break or a backslash after the slash gives the dashboard", async () => {
    for (const target of ["/\t/evil.example/", "/\n/x", "/\\evil.example", "//evil.example", "https://evil.example/"]) {
      const result = await signIn(target);
      expect(result.status).toBe(302);
      expect(result.location).toBe("/webapp/dashboard");
    }
    expect((await signIn("/webapp/account")).location).toBe("/webapp/account");
  });

  it("a session ends for good at sign-out: the old cookie is refused", async () => {
    const { cookie } = await signIn();
    expect((await raw("GET", "/webapp/account", { Cookie: cookie })).status).toBe(200);
    await raw("POST", "/signOut", { ...FORM, Origin: server.url, Cookie: cookie }, "");
    const after = await raw("GET", "/webapp/account", { Cookie: cookie });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/signIn\?redirectTo=/);
  });

  it("an organiser's URL with an id or round beyond PostgreSQL's integer range answers 404, not 500", async () => {
    const { cookie } = await signIn();
    for (const path of ["/webapp/event/3000000000", "/webapp/tournament/rankings/3000000000/1/1", "/webapp/round/1/2147483648/1", "/webapp/adminPage?uid=99999999999"]) {
      expect([403, 404]).toContain((await raw("GET", path, { Cookie: cookie })).status);
    }
  });

  it("'sign out everywhere else' ends the other sessions and keeps this one", async () => {
    const first = await signIn();
    const second = await signIn();
    await raw("POST", "/webapp/account", { ...FORM, Origin: server.url, Cookie: second.cookie }, form({ intent: "signOutElsewhere" }));
    expect((await raw("GET", "/webapp/account", { Cookie: first.cookie })).status).toBe(302);
    expect((await raw("GET", "/webapp/account", { Cookie: second.cookie })).status).toBe(200);
  });

  it("the app's API answers GET on its POST- and DELETE-only addresses with 405 naming the method it takes, not a routing error", async () => {
    for (const [path, allow] of [["/api/app/v1/connect", "POST"], ["/api/app/v1/tournaments/1", "DELETE"], ["/api/stripe/webhook", "POST"]]) {
      const response = await raw("GET", path);
      expect([response.status, response.headers.allow]).toEqual([405, allow]);
    }
    for (const [method, path, allow] of [["PUT", "/api/app/v1/connect", "POST"], ["PATCH", "/api/app/v1/tournaments/1", "DELETE"], ["PUT", "/api/app/v1/tournaments/1/sheets", "GET, POST"], ["DELETE", "/api/stripe/webhook", "POST"]]) {
      const response = await raw(method, path, { Authorization: "Bearer none" });
      expect([method, path, response.status, response.headers.allow]).toEqual([method, path, 405, allow]);
    }
  });
});

describe("rate limits", () => {
  // A server of its own, so that the sign-ins above do not count.
  beforeAll(async () => {
    await server.close();
    server = await startServer();
  });

  it("the 11th sign-in from one address within a minute is refused (429), for any account, also after a restart", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await raw("POST", "/signIn", { ...FORM, Origin: server.url }, form({ email: `nobody${i}@example.org`, password: "x" }))).status);
    }
    expect(statuses.every((s) => s !== 429)).toBe(true);
    await server.restart();
    const refused = await raw("POST", "/signIn", { ...FORM, Origin: server.url }, form({ email: "someone-else@example.org", password: "x" }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Too many requests/);
  });

  it("one address gets 600 pages rendered a minute, then 429; pages kept in the page cache are still served", async () => {
    // a landing page is rendered anew every 10 s (server/pageCache.ts): begin just after such a turn, so that the
    // copy kept now is still current at the end (about 3 s later)
    await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() % 10_000) + 50));
    expect((await raw("GET", "/about")).status).toBe(200);
    const kept = await raw("GET", "/about");
    expect(kept.headers["x-page-cache"]).toBe("hit");
    const statuses = new Map<number, number>();
    for (let i = 0; i < PAGES_PER_MINUTE + 5; i++) {
      const { status } = await raw("GET", "/robots.txt");
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // the first /about was rendered, so 599 of these were
    expect(Object.fromEntries(statuses)).toEqual({ 200: PAGES_PER_MINUTE - 1, 429: 6 });
    const refused = await raw("GET", "/de/roadmap?x=1");
    expect([refused.status, refused.body]).toEqual([429, expect.stringMatching(/^Zu viele Anfragen/)]);
    // the app's API is not counted as pages (devices at one venue share its address): answered, not refused
    expect((await raw("GET", "/api/app/v1/tournaments")).status).toBe(401);
    expect((await raw("GET", "/about")).headers["x-page-cache"]).toBe("hit");
  });
});
