import type { IncomingMessage } from "node:http";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectionCode, redeemCode } from "~/devices/devices.server";
import { liveToken } from "~/live/tokens.server";
import { createEvent } from "~/organiser/events.server";
import { addPlayers } from "~/organiser/players.server";
import { drawNextRound, saveResults } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { clientAddress, LIVE_CONNECTIONS_PER_MINUTE } from "../../server/live";
import { TOURNAMENT } from "./databases";
import { startServer, type TestServer } from "./server";

/**
 * The live socket (issue 15, spec §7, §9): refused without a valid token in the handshake; a
 * client follows only a tournament its user or device may see ('focus'), receives that
 * tournament's updates (results, new rounds) and never another tournament's.
 */
let server: TestServer;
const sockets: Socket[] = [];
type Fixture = { userId: number; eventId: number; tournament: Awaited<ReturnType<typeof createTournament>> };
let anna: Fixture;
let bert: Fixture;
let deviceToken = "";

async function organiser(email: string): Promise<Fixture> {
  const role = await server.db.role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await server.db.user.create({ data: { email, username: "Live", password: "x", roleId: role.id, confirmed: true } });
  const event = await createEvent(server.db, user.id, { name: `Live ${email}` });
  if (!event.ok) throw new Error(event.error);
  const tournament = await createTournament(server.db, { id: event.value.id, creatorId: user.id }, { ...TOURNAMENT, name: "Open", plannedRounds: 3 });
  await addPlayers(server.db, tournament, ["A", "B", "C", "D"].map((name, i) => ({ name, elo: 2000 - i, active: true })));
  await drawNextRound(server.db, tournament, 1);
  return { userId: user.id, eventId: event.value.id, tournament };
}

function connect(token?: string, extraHeaders?: Record<string, string>): Promise<Socket> {
  const socket = io(server.url, { transports: ["websocket"], auth: token === undefined ? {} : { token }, reconnection: false, forceNew: true, extraHeaders });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

const focus = (socket: Socket, who: Fixture, roundId?: number) =>
  socket.timeout(5000).emitWithAck("focus", { eventId: who.eventId, tournamentId: who.tournament.id, roundId }) as Promise<{ ok: boolean; error?: string }>;

function collect(socket: Socket) {
  const received: unknown[] = [];
  socket.on("update", (update) => received.push(update));
  return received;
}

async function enterResult(who: Fixture, round = 1) {
  const game = await server.db.game.findFirstOrThrow({ where: { tournamentId: who.tournament.id, round, board: 1 } });
  await saveResults(server.db, who.tournament.id, round, new Map([[game.id, "DRAW"]]));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  server = await startServer();
  anna = await organiser("anna-live@example.org");
  bert = await organiser("bert-live@example.org");
  const code = await createConnectionCode(server.db, anna.tournament.id);
  if (!code.ok) throw new Error(code.error);
  const linked = await redeemCode(server.db, code.code, { name: "Arbiter phone", type: "android" });
  if (!linked.ok) throw new Error(linked.error);
  deviceToken = linked.value.token;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await server?.close();
});

describe("live socket", () => {
  it("is refused without a token, with a forged one, and with an expired one", async () => {
    await expect(connect()).rejects.toThrow("unauthorized");
    await expect(connect("u1.9999999999999.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")).rejects.toThrow("unauthorized");
    await expect(connect(liveToken(anna.userId, Date.now() - 13 * 60 * 60 * 1000))).rejects.toThrow("unauthorized");
    await expect(connect("1.not-a-device-secret-at-all-xxxxxxxx")).rejects.toThrow("unauthorized");
  });

  it("an organiser follows their own tournament and receives its results, not another's", async () => {
    const socket = await connect(liveToken(anna.userId));
    const received = collect(socket);
    expect(await focus(socket, bert)).toEqual({ ok: false, error: "noAccess" });
    await enterResult(bert);
    await settle();
    expect(received).toEqual([]);

    expect(await focus(socket, anna)).toEqual({ ok: true });
    await enterResult(bert);
    await enterResult(anna);
    await settle();
    expect(received).toEqual([{ tournamentId: anna.tournament.id, round: 1, kind: "result" }]);
  });

  it("a focus that names a tournament of another event, or is malformed, is refused", async () => {
    const socket = await connect(liveToken(anna.userId));
    expect(await focus(socket, { ...anna, eventId: bert.eventId })).toEqual({ ok: false, error: "noAccess" });
    expect(await (socket.timeout(5000).emitWithAck("focus", { eventId: "1; DROP", tournamentId: -1 }) as Promise<unknown>)).toEqual({ ok: false, error: "badFocus" });
  });

  it("a client focused on a round gets that round's results and the tournament's new rounds only", async () => {
    const socket = await connect(liveToken(anna.userId));
    const received = collect(socket);
    expect(await focus(socket, anna, 2)).toEqual({ ok: true });
    await enterResult(anna, 1);
    const games = await server.db.game.findMany({ where: { tournamentId: anna.tournament.id, round: 1 } });
    await saveResults(server.db, anna.tournament.id, 1, new Map(games.map((g) => [g.id, "WHITE_WINS"] as const)));
    expect((await drawNextRound(server.db, anna.tournament, 2)).ok).toBe(true);
    await settle();
    expect(received).toEqual([{ tournamentId: anna.tournament.id, kind: "round" }]);
  });

  it("a linked device follows its tournament only", async () => {
    const socket = await connect(deviceToken);
    const received = collect(socket);
    expect(await focus(socket, bert)).toEqual({ ok: false, error: "noAccess" });
    expect(await focus(socket, anna)).toEqual({ ok: true });
    await enterResult(anna, 2);
    await settle();
    expect(received).toEqual([{ tournamentId: anna.tournament.id, round: 2, kind: "result" }]);
  });

  // last: it spends this address's handshakes for the minute
  it("an address opening more connections in a minute than allowed is refused before any token is looked up, whatever it forwards", async () => {
    // every connection this file opened so far spent one
    for (let i = sockets.length; i < LIVE_CONNECTIONS_PER_MINUTE; i++) await expect(connect()).rejects.toThrow("unauthorized");
    const refused = await connect(liveToken(anna.userId)).then(
      () => "connected",
      (error: Error) => error.message,
    );
    expect(refused).toBe("websocket error");
    const forwarded = await connect(liveToken(anna.userId), { "X-Forwarded-For": "203.0.113.9" }).then(
      () => "connected",
      (error: Error) => error.message,
    );
    expect(forwarded).toBe("websocket error");
  });
});

describe("the client address of a live connection", () => {
  const request = (remote: string, forwarded?: string) => ({ socket: { remoteAddress: remote }, headers: forwarded ? { "x-forwarded-for": forwarded } : {} }) as unknown as IncomingMessage;
  it("is the connection's own address unless proxies are trusted, then the one that many proxies back, as Express's req.ip", () => {
    expect(clientAddress(request("10.0.0.1", "203.0.113.9"), 0)).toBe("10.0.0.1");
    expect(clientAddress(request("10.0.0.1", "198.51.100.4, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.1", "198.51.100.4, 203.0.113.9"), 2)).toBe("198.51.100.4");
    expect(clientAddress(request("10.0.0.1", "203.0.113.9"), 5)).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.1"), 1)).toBe("10.0.0.1");
  });
});
