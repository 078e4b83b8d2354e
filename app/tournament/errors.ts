/** The round errors of spec §8, as typed results (screens translate `code`). */
export type EngineError =
  | { code: "pairingsAlreadyDrawn"; round: number }
  | { code: "pairingsNotPossible"; reason: string }
  | { code: "roundDoesNotExist"; round: number }
  | { code: "playersLocked"; reason: "roundsExist" | "gamesPlayed" };

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export const engineOk = <T>(value: T): EngineResult<T> => ({ ok: true, value });
export const engineError = <T>(error: EngineError): EngineResult<T> => ({ ok: false, error });
