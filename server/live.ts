import type { IncomingMessage, Server as HttpServer } from "node:http";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { deviceOfToken } from "~/devices/devices.server";
import { liveBus, type LiveUpdate } from "~/live/bus.server";
import { userOfLiveToken } from "~/live/tokens.server";
import { MAX_ID } from "~/lib/limits";
import { logger } from "./logger";

/**
 * Live updates over socket.io (spec §7, §9): websocket transport only, a token in the handshake's
 * auth field (a signed-in page's token or a linked device's bearer token), refused without a valid
 * one. A client says what it is looking at with 'focus' (event, tournament, round); it is allowed
 * only what its user or device may see, and it then receives that tournament's updates (of that
 * round, and those for the whole tournament) and nothing else.
 */
const focusSchema = z.object({
  eventId: z.number().int().min(1).max(MAX_ID),
  tournamentId: z.number().int().min(1).max(MAX_ID),
  roundId: z.number().int().min(1).max(1000).nullish(),
});

type Who = { userId: number; admin: boolean } | { deviceId: number };
type Focus = { tournamentId: number; round: number | null };
const FOCUS_PER_MINUTE = 60;
/**
 * Connections one client address may open in a minute, and hold open at once (README, "Limits"): each
 * handshake looks its token up in the database, so that a flood of them would otherwise reach past the
 * HTTP rate limits, which a websocket's upgrade never meets. The linked phones of one venue share its address.
 */
export const LIVE_CONNECTIONS_PER_MINUTE = 120;
export const LIVE_SOCKETS_PER_ADDRESS = 200;

/** The client's address as Express's `req.ip` gives it with `trust proxy` set to `hops`: the address `hops` proxies back. */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const chain = [req.socket.remoteAddress ?? "unknown", ...forwarded];
  return chain[Math.min(hops, chain.length - 1)]!;
}

async function whoIs(db: Db, token: unknown): Promise<Who | null> {
  if (typeof token !== "string" || token.length > 300) return null;
  const userId = userOfLiveToken(token);
  if (userId !== null) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: { select: { name: true } } } });
    return user ? { userId: user.id, admin: user.role.name === "Admin" } : null;
  }
  const device = await deviceOfToken(db, token);
  return device ? { deviceId: device.id } : null;
}

async function mayFollow(db: Db, who: Who, eventId: number, tournamentId: number): Promise<boolean> {
  const tournament = await db.tournament.findUnique({ where: { id: tournamentId }, select: { eventId: true, creatorId: true } });
  if (!tournament || tournament.eventId !== eventId) return false;
  if ("deviceId" in who) return Boolean(await db.connectedDevice.findUnique({ where: { deviceId_tournamentId: { deviceId: who.deviceId, tournamentId } } }));
  return who.admin || tournament.creatorId === who.userId;
}

const room = (tournamentId: number) => `t:${tournamentId}`;

/** `trustProxy` as the HTTP server's (config TRUST_PROXY); `multiplier` raises the limits as it raises the rate limits. */
export function attachLive(http: HttpServer, db: Db, { trustProxy = 0, multiplier = 1 } = {}): { io: Server; close: () => Promise<void> } {
  const handshakes = new RateLimiterMemory({ keyPrefix: "live", points: LIVE_CONNECTIONS_PER_MINUTE * multiplier, duration: 60 });
  const open = new Map<string, number>();
  const allowRequest = (req: IncomingMessage, answer: (error: string | null | undefined, success: boolean) => void) => {
    const address = clientAddress(req, trustProxy);
    if ((open.get(address) ?? 0) >= LIVE_SOCKETS_PER_ADDRESS * multiplier) return answer("tooMany", false);
    handshakes.consume(address).then(
      () => answer(null, true),
      () => answer("tooMany", false),
    );
  };
  const io = new Server(http, { transports: ["websocket"], serveClient: false, maxHttpBufferSize: 4096, pingInterval: 25_000, pingTimeout: 20_000, allowRequest });
  io.use((socket, next) => {
    whoIs(db, socket.handshake.auth?.token)
      .then((who) => {
        if (!who) return next(new Error("unauthorized"));
        socket.data.who = who;
        socket.data.focus = null;
        socket.data.focusCount = { minute: 0, count: 0 };
        next();
      })
      .catch((error) => next(error instanceof Error ? error : new Error("unauthorized")));
  });
  io.on("connection", (socket: Socket) => {
    const address = clientAddress(socket.request, trustProxy);
    open.set(address, (open.get(address) ?? 0) + 1);
    socket.once("disconnect", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    socket.on("focus", async (payload: unknown, ack?: unknown) => {
      const reply = (answer: { ok: boolean; error?: string }) => (typeof ack === "function" ? ack(answer) : undefined);
      const minute = Math.floor(Date.now() / 60_000);
      const counter = socket.data.focusCount as { minute: number; count: number };
      if (counter.minute !== minute) Object.assign(counter, { minute, count: 0 });
      if (++counter.count > FOCUS_PER_MINUTE) return reply({ ok: false, error: "tooMany" });
      const parsed = focusSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: "badFocus" });
      const { eventId, tournamentId, roundId } = parsed.data;
      const allowed = await mayFollow(db, socket.data.who as Who, eventId, tournamentId).catch(() => false);
      for (const joined of socket.rooms) if (joined !== socket.id) await socket.leave(joined);
      socket.data.focus = null;
      if (!allowed) return reply({ ok: false, error: "noAccess" });
      socket.data.focus = { tournamentId, round: roundId ?? null } satisfies Focus;
      await socket.join(room(tournamentId));
      reply({ ok: true });
    });
  });
  const deliver = async (update: LiveUpdate) => {
    for (const socket of await io.in(room(update.tournamentId)).fetchSockets()) {
      const focus = socket.data.focus as Focus | null;
      if (!focus || focus.tournamentId !== update.tournamentId) continue;
      if (focus.round !== null && update.round !== undefined && update.round !== focus.round) continue;
      socket.emit("update", update);
    }
  };
  const listener = (update: LiveUpdate) => void deliver(update).catch((error) => logger.warn({ err: error }, "live update failed"));
  liveBus().on("update", listener);
  return {
    io,
    close: () =>
      new Promise<void>((resolve) => {
        liveBus().off("update", listener);
        io.disconnectSockets(true);
        resolve();
      }),
  };
}
