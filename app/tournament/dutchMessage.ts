import type { DutchInput } from "./dutch";

/**
 * A round to pair as plain data, to hand to another thread: the virtual points of accelerated
 * pairings as a table (each player's points in rounds 1 to the round to pair) instead of a function.
 */
export type DutchMessage = Omit<DutchInput, "acceleration"> & { virtualPoints?: [number, number[]][] };

export function toDutchMessage({ acceleration, ...input }: DutchInput): DutchMessage {
  if (!acceleration) return input;
  const rounds = Array.from({ length: input.round }, (_, r) => r + 1);
  return { ...input, virtualPoints: input.players.map((p) => [p.id, rounds.map((r) => acceleration(p.id, r))]) };
}

export function fromDutchMessage({ virtualPoints, ...input }: DutchMessage): DutchInput {
  if (!virtualPoints) return input;
  const table = new Map(virtualPoints);
  return { ...input, acceleration: (id, round) => table.get(id)?.[round - 1] ?? 0 };
}
