import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionStorage } from "~/auth/session.server";
import { startSession } from "~/auth/sessions.server";
import { createEvent } from "~/organiser/events.server";
import { createTournament } from "~/organiser/tournaments.server";
import { TOURNAMENT } from "./databases";
import { startServer, type TestServer } from "./server";

/**
 * The paid upgrade (issue 17): Checkout sessions made against a local stub of the Stripe API (no
 * network), and the webhook with events signed by the stripe package's test helper: a valid event
 * upgrades, a bad signature or an unsigned body changes nothing, a replayed event is handled once.
 */
const SECRET = "whsec_kiebitz_test_secret";
const stripe = new Stripe("sk_test_kiebitz");
let server: TestServer;
let stub: http.Server;
const received: { path: string; body: URLSearchParams }[] = [];
let cookie = "";
let tournamentId = 0;
let eventId = 0;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: new URLSearchParams(body) });
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ id: "cs_test_kiebitz", object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_kiebitz" }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  // the configuration is read on first use: the server below sees these
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_kiebitz", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}` });
  server = await startServer();
  const role = await server.db.role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await server.db.user.create({ data: { email: "payer@example.org", username: "Payer", password: "x", roleId: role.id, confirmed: true } });
  const event = await createEvent(server.db, user.id, { name: "Paid Open" });
  if (!event.ok) throw new Error(event.error);
  eventId = event.value.id;
  tournamentId = (await createTournament(server.db, { id: eventId, creatorId: user.id }, { ...TOURNAMENT, name: "A" })).id;
  const session = await sessionStorage().getSession();
  session.set("sessionId", await startSession(server.db, user.id));
  cookie = (await sessionStorage().commitSession(session)).split(";")[0];
});
afterAll(async () => {
  await server?.close();
  stub?.close();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]) delete process.env[key];
});

const upgraded = async () => (await server.db.tournament.findUniqueOrThrow({ where: { id: tournamentId } })).upgraded;

function completed(id: string, paid = true) {
  return JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    created: 1_795_000_000,
    data: { object: { id: "cs_test_kiebitz", object: "checkout.session", payment_status: paid ? "paid" : "unpaid", customer: "cus_kiebitz", metadata: { tournamentId: String(tournamentId), userId: "1" } } },
  });
}

const webhook = (body: string, signature?: string) =>
  fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) }, body });

describe("paid upgrade", () => {
  it("the upgrade page creates a Checkout session on the server and sends the organiser to it", async () => {
    const page = await fetch(`${server.url}/webapp/tournament/${eventId}/${tournamentId}/upgrade`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("Pay and upgrade");
    const response = await fetch(`${server.url}/webapp/tournament/${eventId}/${tournamentId}/upgrade`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: server.url } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://checkout.stripe.test/c/pay/cs_test_kiebitz");
    const call = received.at(-1)!;
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.body.get("metadata[tournamentId]")).toBe(String(tournamentId));
    expect(call.body.get("line_items[0][price_data][unit_amount]")).toBe("1900");
    expect(call.body.get("success_url")).toMatch(new RegExp(`/webapp/tournament/${eventId}/${tournamentId}/upgrade/success\\?session_id=\\{CHECKOUT_SESSION_ID\\}$`));
    // a Checkout session alone upgrades nothing
    expect(await upgraded()).toBe(false);
  });

  it("a webhook with a bad signature, without one, or for an unpaid session changes nothing", async () => {
    const body = completed("evt_forged");
    expect((await webhook(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_someone_else" }))).status).toBe(400);
    expect((await webhook(body)).status).toBe(400);
    const tampered = stripe.webhooks.generateTestHeaderString({ payload: completed("evt_other"), secret: SECRET });
    expect((await webhook(body, tampered)).status).toBe(400);
    const unpaid = completed("evt_unpaid", false);
    expect(await (await webhook(unpaid, stripe.webhooks.generateTestHeaderString({ payload: unpaid, secret: SECRET }))).json()).toEqual({ status: 200, handled: "ignored" });
    expect(await upgraded()).toBe(false);
    expect(await (await fetch(`${server.url}/webapp/tournament/${eventId}/${tournamentId}/upgrade/success`)).text()).toContain("being confirmed");
  });

  it("a signed event upgrades the tournament once; the replayed event is recognised", async () => {
    const body = completed("evt_paid");
    const first = await webhook(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));
    expect(await first.json()).toEqual({ status: 200, handled: "upgraded" });
    const row = await server.db.tournament.findUniqueOrThrow({ where: { id: tournamentId } });
    expect(row.upgraded).toBe(true);
    expect(row.upgradedTime?.getTime()).toBe(1_795_000_000_000);
    const replay = await webhook(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));
    expect(await replay.json()).toEqual({ status: 200, handled: "replayed" });
    expect(await server.db.stripeEvent.count()).toBe(1);
    expect(await (await fetch(`${server.url}/de/webapp/tournament/${eventId}/${tournamentId}/upgrade/success`)).text()).toContain("Das Turnier hat ein Upgrade.");
  });
});
