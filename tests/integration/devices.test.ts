import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeCodes, createConnectionCode, removeDevice } from "~/devices/devices.server";
import { roundSheets } from "../../worker/synth/round";
import { startServer, type TestServer } from "./server";

/**
 * Linked devices (spec §2, §8, §9) through the real HTTP server: connection codes (three active at
 * most, used once, expiring), the app's API exchanging a code for a bearer token, listing, uploading
 * and unlinking, and every spec §8 device error with its status.
 */
let server: TestServer;
let tournamentId: number;
let otherTournamentId: number;
let photo: Buffer;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "kiebitz-devices-"));
  server = await startServer();
  const role = await server.db.role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await server.db.user.create({ data: { email: "devices@example.org", username: "Org", password: "x", roleId: role.id, confirmed: true } });
  const event = await server.db.event.create({ data: { creatorId: user.id, name: "Device Open", slug: "Device-Open" } });
  const [a, b] = await Promise.all(["A", "B"].map((name) => server.db.tournament.create({ data: { creatorId: user.id, eventId: event.id, name, slug: name, plannedRounds: 5 } })));
  tournamentId = a.id;
  otherTournamentId = b.id;
  const round = await server.db.round.create({ data: { tournamentId, round: 1, state: "IN_PROGRESS" } });
  const [white, black] = await Promise.all([1, 2].map((snr) => server.db.player.create({ data: { tournamentId, snr, name: `Player ${snr}` } })));
  await server.db.game.create({ data: { tournamentId, roundId: round.id, round: 1, board: 1, whiteId: white.id, blackId: black.id } });
  photo = (await roundSheets({ seed: 5, round: 1, boards: 1 }))[0].photos[0];
}, 120_000);

afterAll(() => server?.close());

const api = (route: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.url}/api/app/v1${route}`, { ...init, headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.body && typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...init.headers } });
const connect = (code: string, token?: string, name = "Pixel 8") => api("/connect", { method: "POST", body: JSON.stringify({ code, deviceName: name, deviceType: "android" }), token });

async function newCode(): Promise<string> {
  const created = await createConnectionCode(server.db, tournamentId);
  if (!created.ok) throw new Error(created.error);
  return created.code;
}

describe("connection codes", () => {
  it("are at most three active at once, eight characters that cannot be misread", async () => {
    const codes = [await newCode(), await newCode(), await newCode()];
    expect(codes.every((code) => /^[A-HJ-NP-Z2-9]{8}$/.test(code))).toBe(true);
    expect(await createConnectionCode(server.db, tournamentId)).toEqual({ ok: false, error: "devices.tooManyCodes" });
    await server.db.connectionQrCode.deleteMany({});
  });
});

describe("the app's API", () => {
  let token: string;

  it("exchanges a code for a device and a bearer token, once; unknown, used and expired codes get their errors", async () => {
    expect((await api("/connect", { method: "POST", body: "{not json" })).status).toBe(400);
    const unknown = await connect("ABCDEFGH");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "devices.codeInvalid", message: "This connection code is invalid." });
    const code = await newCode();
    const linked = await connect(code.toLowerCase().replace(/(....)/, "$1-"));
    expect(linked.status).toBe(201);
    const body = (await linked.json()) as { token: string; tournament: { id: number } };
    expect(body.tournament.id).toBe(tournamentId);
    token = body.token;
    const again = await connect(code);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([409, "devices.codeUsed"]);
    await server.db.connectionQrCode.create({ data: { key: "EXPRD234", tournamentId, expires: new Date(Date.now() - 1000) } });
    const expired = await fetch(`${server.url}/api/app/v1/connect`, { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "de" }, body: JSON.stringify({ code: "EXPRD234", deviceName: "x", deviceType: "android" }) });
    expect([expired.status, await expired.json()]).toEqual([410, { error: "devices.codeExpired", message: "Dieser Verbindungscode ist abgelaufen." }]);
    // the secret is stored hashed, never as given
    const device = await server.db.device.findFirstOrThrow();
    expect(token).toContain(".");
    expect(device.password).not.toContain(token.split(".")[1]);
  });

  it("lists the device's tournaments with rounds and pairings, for its token only", async () => {
    expect((await api("/tournaments")).status).toBe(401);
    expect((await api("/tournaments", { token: `${token.split(".")[0]}.wrongwrongwrongwrongwrong` })).status).toBe(401);
    const listed = (await (await api("/tournaments", { token })).json()) as { tournaments: { id: number; rounds: { round: number; pairings: { board: number; white: string }[] }[] }[] };
    expect(listed.tournaments.map((t) => t.id)).toEqual([tournamentId]);
    expect(listed.tournaments[0].rounds[0].pairings[0]).toMatchObject({ board: 1, white: "Player 1" });
  });

  it("uploads photos to a linked tournament and reads back their states; another tournament is refused", async () => {
    const upload = (round: string) => {
      const body = new FormData();
      body.append("consent", "on");
      body.append("round", round);
      body.append("board", "1");
      body.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "board-1.jpg");
      return body;
    };
    const bad = await api(`/tournaments/${tournamentId}/sheets`, { method: "POST", body: upload("0"), token });
    expect(bad.status).toBe(400);
    expect(await server.db.sheetImageEntry.count()).toBe(0);
    const body = upload("1");
    const uploaded = await api(`/tournaments/${tournamentId}/sheets`, { method: "POST", body, token });
    expect(uploaded.status).toBe(201);
    expect(((await uploaded.json()) as { report: { stored: number } }).report.stored).toBe(1);
    const sheets = (await (await api(`/tournaments/${tournamentId}/sheets`, { token })).json()) as { sheets: { name: string; state: string }[] };
    expect(sheets.sheets.map((s) => [s.name, s.state])).toEqual([["board-1.jpg", "QUEUED"]]);
    // the round and board the arbiter gave count as set by hand
    expect(await server.db.sheetImageEntry.findFirstOrThrow({ select: { round: true, board: true, roundDetectionStatus: true, boardDetectionStatus: true } })).toEqual({ round: 1, board: 1, roundDetectionStatus: 5, boardDetectionStatus: 5 });
    const refused = await api(`/tournaments/${otherTournamentId}/sheets`, { method: "POST", body, token });
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([403, "devices.notConnected"]);
  });

  it("refuses a second link to the same tournament and a fourth device", async () => {
    const again = await connect(await newCode(), token);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([409, "devices.alreadyConnected"]);
    expect((await connect(await newCode(), undefined, "Second")).status).toBe(201);
    await server.db.connectionQrCode.deleteMany({});
    expect((await connect(await newCode(), undefined, "Third")).status).toBe(201);
    const fourth = await connect(await newCode(), undefined, "Fourth");
    expect([fourth.status, ((await fourth.json()) as { error: string }).error]).toEqual([409, "devices.tooManyDevices"]);
    // the refused code stays usable once a device is removed
    expect((await activeCodes(server.db, tournamentId)).length).toBe(1);
  });

  it("stops a token working when the device unlinks itself or the organiser removes it", async () => {
    const devices = await server.db.connectedDevice.findMany({ where: { tournamentId }, orderBy: { created: "asc" } });
    expect((await api(`/tournaments/${tournamentId}`, { method: "DELETE", token })).status).toBe(200);
    expect((await api(`/tournaments/${tournamentId}/sheets`, { token })).status).toBe(401);
    const second = devices[1];
    expect(await removeDevice(server.db, tournamentId, second.deviceId)).toBe(true);
    expect(await server.db.device.findUnique({ where: { id: second.deviceId } })).toBeNull();
  });
});

describe("the API against bad requests", () => {
  it("every route refuses a missing, forged or revoked token (401) and another tournament's device (403), storing nothing", async () => {
    const code = await newCode();
    const linked = (await (await connect(code, undefined, "Matrix phone")).json()) as { token: string; deviceId: number };
    const sheetsBefore = await server.db.sheetImageEntry.count();
    const calls: [string, RequestInit][] = [
      ["/tournaments", {}],
      [`/tournaments/${tournamentId}/sheets`, {}],
      [`/tournaments/${tournamentId}/sheets`, { method: "POST", body: new FormData() }],
      [`/tournaments/${tournamentId}`, { method: "DELETE" }],
    ];
    for (const [route, init] of calls) {
      for (const token of [undefined, "12.forgedforgedforgedforgedforged", "x".repeat(500)]) {
        const response = await api(route, { ...init, token });
        expect(response.status, `${init.method ?? "GET"} ${route} with ${token?.slice(0, 12)}`).toBe(401);
        expect(((await response.json()) as { error: string }).error).toBe("devices.notConnected");
      }
    }
    // linked to A only: B's routes are 403
    for (const [route, init] of [[`/tournaments/${otherTournamentId}/sheets`, {}], [`/tournaments/${otherTournamentId}`, { method: "DELETE" }]] as [string, RequestInit][]) {
      expect((await api(route, { ...init, token: linked.token })).status).toBe(403);
    }
    // removed by the organiser: its token is revoked
    await removeDevice(server.db, tournamentId, linked.deviceId);
    expect((await api(`/tournaments/${tournamentId}/sheets`, { token: linked.token })).status).toBe(401);
    expect(await server.db.sheetImageEntry.count()).toBe(sheetsBefore);
  });

  it("bad payloads get 400 with the field's message, and nothing is stored", async () => {
    const code = await newCode();
    for (const body of ["not json", "[]", JSON.stringify({ code }), JSON.stringify({ code, deviceName: "x".repeat(51), deviceType: "android" }), JSON.stringify({ code: 7, deviceName: "P", deviceType: "a" })]) {
      const response = await api("/connect", { method: "POST", body });
      expect(response.status, body.slice(0, 40)).toBe(400);
      expect(((await response.json()) as { error: string; message: string }).message.length).toBeGreaterThan(0);
    }
    expect((await activeCodes(server.db, tournamentId)).map((c) => c.key)).toContain(code);
    const linked = (await (await connect(code, undefined, "Payload phone")).json()) as { token: string };
    const sheetsBefore = await server.db.sheetImageEntry.count();
    const form = (fill: (body: FormData) => void) => {
      const body = new FormData();
      fill(body);
      return body;
    };
    const uploads = [
      form((b) => b.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "no-consent.jpg")),
      form((b) => (b.append("consent", "on"), b.append("photos", new Blob(["not a jpeg"], { type: "image/jpeg" }), "text.jpg"))),
      form((b) => (b.append("consent", "on"), b.append("board", "abc"), b.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "x.jpg"))),
      form((b) => b.append("consent", "on")),
    ];
    for (const body of uploads) {
      const response = await api(`/tournaments/${tournamentId}/sheets`, { method: "POST", body, token: linked.token });
      expect([400, 415, 422]).toContain(response.status);
    }
    const json = await api(`/tournaments/${tournamentId}/sheets`, { method: "POST", body: JSON.stringify({ photos: "x" }), token: linked.token });
    expect(json.status).toBe(400);
    expect(await server.db.sheetImageEntry.count()).toBe(sheetsBefore);
  });

  it("the API is described as OpenAPI 3.1, every route of it", async () => {
    const spec = (await (await api("/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toBe("3.1.0");
    expect(Object.keys(spec.paths).sort()).toEqual(["/connect", "/tournaments", "/tournaments/{tid}", "/tournaments/{tid}/sheets"]);
  });
});
