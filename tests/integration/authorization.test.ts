/// <reference types="vite/client" />
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionStorage } from "~/auth/session.server";
import { startSession } from "~/auth/sessions.server";
import type { Db } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import * as eventRoute from "~/routes/($lang)._webapp.webapp.event.$gid";
import * as gameRoute from "~/routes/($lang)._webapp._entergame.webapp.game.$gid.$tid.$r.$g";
import * as playerRoute from "~/routes/($lang)._webapp._webappv2.webapp.player.$gid.$tid.$pid";
import * as roundRoute from "~/routes/($lang)._webapp._webappv2.webapp.round.$gid.$tid.$r";
import * as tournamentRoute from "~/routes/($lang)._webapp._webappv2.webapp.tournament.$gid.$tid";
import * as importRoute from "~/routes/($lang)._webapp._webappv2.webapp.tournament.players.$gid.$tid.import";
import * as playersRoute from "~/routes/($lang)._webapp._webappv2.webapp.tournament.players.$gid.$tid._index";
import * as explainRoute from "~/routes/($lang)._webapp._webappv2.webapp.explain.$gid.$tid.$r";
import * as pairingRulesRoute from "~/routes/($lang)._webapp._webappv2.webapp.tournament.pairingRules.$gid.$tid";
import * as rankingsRoute from "~/routes/($lang)._webapp._webappv2.webapp.tournament.rankings.$gid.$tid.$r";
import * as pgnRoute from "~/routes/($lang).webapp.pgn.$gid.$tid.$r";
import * as pdfRoute from "~/routes/($lang).webapp.playersPdf.$gid.$tid";
import * as sheetsRoute from "~/routes/($lang)._webapp._webappv2.webapp.sheets.$gid.$tid._index";
import * as verifyRoute from "~/routes/($lang)._webapp._webappv2.webapp.sheets.$gid.$tid.verify";
import * as uploadRoute from "~/routes/($lang).webapp.sheets.$gid.$tid.upload";
import * as sheetImageRoute from "~/routes/($lang).webapp.sheets.$gid.$tid.image.$sid.$part";
import { sheetService } from "~/sheets/service.server";
import { thumbnailKey } from "~/sheets/sheets.server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverDatabase, type TestDatabase } from "./databases";

/**
 * Every organiser loader and action checks on the server who may use it (spec §6):
 * visitors are sent to sign in, other users get 403, the owner and admins get through.
 */
type Persona = "anonymous" | "other" | "owner" | "admin";
type Module = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: ActionFunctionArgs) => unknown };

let test: TestDatabase;
let db: Db;
const cookies = new Map<Persona, string>();
let params: Record<string, string>;

/** A user with a role, and the session cookie a signed-in browser of that user sends. */
async function signedIn(persona: Persona, role: string): Promise<number> {
  const roleRow = await db.role.findUniqueOrThrow({ where: { name: role } });
  const user = await db.user.create({ data: { email: `${persona}@example.org`, username: role, password: "x", roleId: roleRow.id, confirmed: true } });
  const session = await sessionStorage().getSession();
  session.set("sessionId", await startSession(db, user.id));
  cookies.set(persona, (await sessionStorage().commitSession(session)).split(";")[0]);
  return user.id;
}

beforeAll(async () => {
  // photos of this test live in their own folder (the configuration is read on first use)
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "kiebitz-authz-"));
  test = await serverDatabase();
  db = test.db;
  (globalThis as { __kiebitzDb?: Db }).__kiebitzDb = db;
  await seed(db, "test");
  const owner = await signedIn("owner", "User");
  await signedIn("other", "User");
  await signedIn("admin", "Admin");
  const event = await db.event.create({ data: { creatorId: owner, name: "Owner's Open", slug: "Owners-Open" } });
  const tournament = await db.tournament.create({ data: { creatorId: owner, eventId: event.id, name: "A", slug: "A", plannedRounds: 3, visibility: "PUBLIC" } });
  const [white, black] = await Promise.all(
    [1, 2].map((snr) => db.player.create({ data: { tournamentId: tournament.id, snr, name: `P${snr}` } })),
  );
  const round = await db.round.create({ data: { tournamentId: tournament.id, round: 1, state: "IN_PROGRESS" } });
  await db.game.create({ data: { tournamentId: tournament.id, roundId: round.id, round: 1, board: 1, whiteId: white.id, blackId: black.id } });
  const sheet = await db.sheetImageEntry.create({ data: { tournamentId: tournament.id, handle: `t${tournament.id}/a.jpg`, name: "a.jpg", fileSize: 3, state: "UNCONFIRMED" } });
  await sheetService().storage.put(thumbnailKey(sheet.handle), Buffer.from("RIFF"));
  params = {
    gid: String(event.id), tid: String(tournament.id), r: "1", g: "1", pid: String(white.id), sid: String(sheet.id), part: "thumb",
    eventName: event.slug, tournamentName: tournament.slug, snr: "1", board: "1", id: String(event.id), layout: "kiebitz-60",
  };
});

afterAll(async () => {
  delete (globalThis as { __kiebitzDb?: Db }).__kiebitzDb;
  await test?.close();
});

/** The status a route answers `persona` with: a thrown Response is its answer, anything else thrown fails the test. */
async function call(fn: (args: never) => unknown, persona: Persona, method: "GET" | "POST", body = "intent=no-such-intent", search = ""): Promise<number> {
  const headers = new Headers();
  const cookie = cookies.get(persona);
  if (cookie) headers.set("Cookie", cookie);
  const init: RequestInit = { method, headers };
  if (method === "POST") {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    init.body = body;
  }
  try {
    const result = await fn({ request: new Request(`http://localhost/webapp/x${search}`, init), params, context: { cspNonce: "n", requestId: "r" } } as never);
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const ROUTES: [string, Module][] = [
  ["event page", eventRoute],
  ["tournament page", tournamentRoute],
  ["players", playersRoute],
  ["player import", importRoute],
  ["player", playerRoute],
  ["round", roundRoute],
  ["pairing rules", pairingRulesRoute],
  ["why these pairings", explainRoute],
  ["rankings", rankingsRoute],
  ["game", gameRoute],
  ["PGN export", pgnRoute],
  ["player list PDF", pdfRoute],
  ["score sheets", sheetsRoute],
  ["verify score sheets", verifyRoute],
  ["score-sheet upload", uploadRoute],
  ["score-sheet pictures", sheetImageRoute],
];

describe.each(ROUTES)("%s", (_name, module) => {
  it("loader: visitors sign in, other users 403, owner and admin 200", async () => {
    if (!module.loader) return;
    expect(await call(module.loader, "anonymous", "GET")).toBe(302);
    expect(await call(module.loader, "other", "GET")).toBe(403);
    expect(await call(module.loader, "owner", "GET")).toBe(200);
    expect(await call(module.loader, "admin", "GET")).toBe(200);
  });

  it("action: checked before anything is read or changed", async () => {
    if (!module.action) return;
    expect(await call(module.action, "anonymous", "POST")).toBe(302);
    expect(await call(module.action, "other", "POST")).toBe(403);
    // Past the check, the owner and an admin reach the form handling (an unknown intent or invalid form, never 403).
    for (const persona of ["owner", "admin"] as const) expect(await call(module.action, persona, "POST")).not.toBe(403);
  });
});

it("a tournament of another event or an unknown id answers 404, not another organiser's data", async () => {
  const other = await db.event.create({ data: { creatorId: (await db.user.findUniqueOrThrow({ where: { email: "owner@example.org" } })).id, name: "Second", slug: "Second" } });
  const saved = params;
  params = { ...saved, gid: String(other.id) };
  expect(await call(tournamentRoute.loader, "owner", "GET")).toBe(404);
  params = { ...saved, tid: "999999" };
  expect(await call(tournamentRoute.loader, "owner", "GET")).toBe(404);
  params = { ...saved, gid: "abc" };
  expect(await call(eventRoute.loader, "owner", "GET")).toBe(404);
  params = saved;
});

/**
 * Hostile forms and addresses (README, "Limits and protections"): whatever a signed-in owner or a visitor sends to
 * any page's loader or action is answered (a message, 4xx, a redirect), never a server error. Every intent the
 * product's forms know, with a valid form of every field one or two of which are replaced by hostile values (empty,
 * negative, 1e309, beyond PostgreSQL's integer range, 5,000 characters, a lone surrogate, a date that is none,
 * repeated fields…), from a fixed seed. 503 is the upgrade page without payment keys.
 */
describe("hostile forms and addresses", () => {
  const routes = import.meta.glob<Module>("../../app/routes/*.tsx");
  const INTENTS = ("absence acceleration accept addLink addTeam assign changeName changePassword complete connect correct createTournament " +
    "createViewCode decline details devices draw forbid import importPairings importResults move notation rename renumber results save " +
    "settings signOutElsewhere unforbid delete deleteAccount remove removeAbsence removeAll removeLink undo").split(" ");
  const VALID: Record<string, string> = {
    name: "New name", description: "d", site: "s", startDate: "2026-01-01", endDate: "2026-01-02", plannedRounds: "5", form: "SINGLE_PLAYER",
    mode: "SWISS", tiebreak1: "BUCHHOLZ", tiebreak2: "NONE", tiebreak3: "NONE", twzSetting: "ELO_BEFORE_NWZ", visibility: "PUBLIC",
    password: "pw", maxPlayers: "10", defaultNotationLanguage: "EN", orderValue: "1", confirmName: "not the name", title: "GM",
    fideId: "123", elo: "2000", nwz: "1900", club: "c", country: "GER", teamName: "T", members: "A\nB, 2000", round: "1", board: "1",
    colour: "WHITE", page: "1", notation: "DE", ply: "1", move: "Nf3", linkUrl: "https://example.org", linkText: "l", white: "1",
    black: "2", result: "1-0", results: "1 1-0", pairings: "1 2", pgn: "1. e4 e5 *", text: "t", kind: "H", acceleration: "BAKU",
    game: "1", code: "ABCDEF", deviceName: "d", deviceType: "phone", linkId: "1", currentPassword: "x", passwordConfirmation: "pw",
  };
  const HOSTILE = ["", "-1", "0", "1e309", "NaN", "99999999999999999999", "2147483648", "1.5", "x".repeat(5000), "[]", "null", "1,2",
    "\u202e", "\ud800", "<b>", "../..", "9999-99-99", "true"];
  let state = 7;
  const pick = <T,>(list: T[]) => list[((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 16) % list.length];

  it("no loader throws for odd query strings, signed in or not", async () => {
    for (const [file, load] of Object.entries(routes)) {
      const { loader } = await load();
      if (!loader) continue;
      for (const persona of ["owner", "anonymous"] as const) {
        for (const search of ["", "?round=NaN&state=x&uid=-1&page=1e309&r=0", "?uid=99999999999&attention=on&q=" + "x".repeat(3000), "?redirectTo=//evil.example"]) {
          const status = await call(loader, persona, "GET", undefined, search).catch((error: Error) => `${error.stack}`);
          expect(status, `${file} ${persona} ${search}`).not.toSatisfy((s) => typeof s === "string" || s >= 500);
        }
      }
    }
  });

  it("no action throws for a form with hostile fields, from the owner or a visitor", async () => {
    VALID.sheet = params.sid;
    VALID.player = params.pid;
    for (const [file, load] of Object.entries(routes)) {
      const { action } = await load();
      if (!action) continue;
      for (const persona of ["owner", "anonymous"] as const) {
        for (const intent of INTENTS) {
          for (let trial = 0; trial < (persona === "owner" ? 8 : 2); trial++) {
            const form = new URLSearchParams({ intent, ...VALID });
            for (let k = 0; k < 2; k++) form.set(pick(Object.keys(VALID)), pick(HOSTILE));
            if (trial % 4 === 3) form.append(pick(Object.keys(VALID)), pick(HOSTILE));
            const status = await call(action, persona, "POST", form.toString()).catch((error: Error) => `${error.stack}`);
            const upgradeWithoutKeys = status === 503 && file.includes("upgrade");
            expect(status, `${file} ${persona} ${form.toString().slice(0, 400)}`).not.toSatisfy((s) => !upgradeWithoutKeys && (typeof s === "string" || s >= 500));
          }
        }
      }
    }
  });
});
