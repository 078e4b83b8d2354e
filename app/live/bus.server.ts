import { EventEmitter } from "node:events";

/**
 * What changed in a tournament, for the pages and apps that follow it live (spec §7 socket): a
 * sheet's state, a new upload, results, a new or removed round, changed settings. Published where it happens,
 * delivered by the socket server (server/live.ts) to the clients focused on that tournament.
 * One bus per process, shared by the server entry and the Remix build through globalThis.
 */
export type LiveUpdate = { tournamentId: number; round?: number; kind: "sheet" | "upload" | "result" | "round" | "settings" };

const holder = globalThis as typeof globalThis & { __kiebitzLive?: EventEmitter };

export function liveBus(): EventEmitter {
  if (!holder.__kiebitzLive) {
    holder.__kiebitzLive = new EventEmitter();
    holder.__kiebitzLive.setMaxListeners(0);
  }
  return holder.__kiebitzLive;
}

export function publish(update: LiveUpdate): void {
  liveBus().emit("update", update);
}
