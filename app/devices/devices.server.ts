import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "~/db/client.server";
import { lockTournament, type Tx } from "~/db/locks.server";

/** At most this many devices per tournament and this many connection codes active at once (spec §9). */
export const MAX_DEVICES = 3;
export const MAX_ACTIVE_CODES = 3;
/** How long a connection code can be used. */
export const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Letters and digits that cannot be mistaken for one another when typed from a screen. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A connection code: eight characters of 31 (about 40 bits), short to type, not to be guessed. */
export function newConnectionCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/** A typed code as stored: upper case, spaces and dashes left out. */
export function normaliseCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, "").slice(0, 32);
}

const active = (now: Date) => ({ used: false, expires: { gt: now } });

export async function createConnectionCode(db: Db, tournamentId: number, now = new Date()): Promise<{ ok: true; code: string } | { ok: false; error: string }> {
  return db.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    if ((await tx.connectionQrCode.count({ where: { tournamentId, ...active(now) } })) >= MAX_ACTIVE_CODES) return { ok: false as const, error: "devices.tooManyCodes" };
    const code = newConnectionCode();
    await tx.connectionQrCode.create({ data: { key: code, tournamentId, created: now, expires: new Date(now.getTime() + CODE_LIFETIME_MS) } });
    return { ok: true as const, code };
  });
}

export function activeCodes(db: Db, tournamentId: number, now = new Date()) {
  return db.connectionQrCode.findMany({ where: { tournamentId, ...active(now) }, orderBy: { created: "asc" } });
}

export async function deleteConnectionCode(db: Db, tournamentId: number, code: string): Promise<boolean> {
  return (await db.connectionQrCode.deleteMany({ where: { tournamentId, key: code } })).count > 0;
}

/** Removing a device from a tournament revokes its token there; a device linked nowhere any more is deleted. */
export async function removeDevice(db: Db, tournamentId: number, deviceId: number): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const removed = await tx.connectedDevice.deleteMany({ where: { tournamentId, deviceId } });
    if (removed.count === 0) return false;
    if ((await tx.connectedDevice.count({ where: { deviceId } })) === 0) await tx.device.deleteMany({ where: { id: deviceId } });
    return true;
  });
}

export const hashToken = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Why a code cannot be used now (spec §8), or null when it can. */
function codeError(code: { used: boolean; expires: Date } | null, now: Date): string | null {
  if (!code) return "devices.codeInvalid";
  if (code.used) return "devices.codeUsed";
  return code.expires <= now ? "devices.codeExpired" : null;
}

/** Whether a code can be used now, and for which tournament (the connect page); nothing is changed. */
export async function checkCode(db: Db, key: string, now = new Date()): Promise<{ ok: true; tournament: string; expires: string } | { ok: false; error: string }> {
  const code = await db.connectionQrCode.findUnique({ where: { key }, include: { tournament: { select: { name: true } } } });
  const error = codeError(code, now);
  return error || !code ? { ok: false, error: error ?? "devices.codeInvalid" } : { ok: true, tournament: code.tournament.name, expires: code.expires.toISOString() };
}

export type DeviceInfo = { name: string; type: string };
export type Redeemed = { deviceId: number; token: string; tournamentId: number };

/**
 * A device (the scanning app) exchanges a connection code for its identity and a bearer token
 * (`{deviceId}.{secret}`, the secret stored hashed). A code is used once; errors are spec §8's:
 * expired, already used, invalid; already connected; at most three devices per tournament.
 */
export async function redeemCode(db: Db, text: string, info: DeviceInfo, existingToken?: string, now = new Date()): Promise<{ ok: true; value: Redeemed } | { ok: false; error: string }> {
  const key = normaliseCode(text);
  return db.$transaction(async (tx) => {
    const code = await tx.connectionQrCode.findUnique({ where: { key } });
    if (!code) return { ok: false as const, error: "devices.codeInvalid" };
    await lockTournament(tx, code.tournamentId);
    const error = codeError(await tx.connectionQrCode.findUnique({ where: { key } }), now);
    if (error) return { ok: false as const, error };
    const known = existingToken ? await deviceOfToken(tx, existingToken) : null;
    if (known && (await tx.connectedDevice.findUnique({ where: { deviceId_tournamentId: { deviceId: known.id, tournamentId: code.tournamentId } } }))) {
      return { ok: false as const, error: "devices.alreadyConnected" };
    }
    if ((await tx.connectedDevice.count({ where: { tournamentId: code.tournamentId } })) >= MAX_DEVICES) return { ok: false as const, error: "devices.tooManyDevices" };
    const tournament = await tx.tournament.findUniqueOrThrow({ where: { id: code.tournamentId }, select: { creatorId: true } });
    let deviceId = known?.id;
    let token = existingToken!;
    if (!deviceId) {
      const secret = randomBytes(32).toString("base64url");
      const device = await tx.device.create({ data: { password: hashToken(secret), userId: tournament.creatorId, deviceType: info.type, deviceName: info.name } });
      deviceId = device.id;
      token = `${device.id}.${secret}`;
    }
    await tx.connectedDevice.create({ data: { deviceId, tournamentId: code.tournamentId, deviceName: info.name, deviceType: info.type } });
    await tx.connectionQrCode.update({ where: { key }, data: { used: true } });
    return { ok: true as const, value: { deviceId, token, tournamentId: code.tournamentId } };
  });
}

/** The device a bearer token names, when its secret matches (compared as hashes). */
export async function deviceOfToken(db: Pick<Tx, "device">, token: string) {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match || Number(match[1]) > 2 ** 31 - 1) return null;
  const device = await db.device.findUnique({ where: { id: Number(match[1]) } });
  if (!device) return null;
  const [stored, given] = [Buffer.from(device.password), Buffer.from(hashToken(match[2]))];
  return stored.length === given.length && timingSafeEqual(stored, given) ? device : null;
}
