import { repositoryFile, typeScriptThread, type TypeScriptThread } from "~/lib/thread.server";
import type { DutchInput } from "~/tournament/dutch";
import type { RoundExplanation } from "~/tournament/dutch/explain";
import { toDutchMessage } from "~/tournament/dutchMessage";
import type { EngineResult } from "~/tournament/errors";
import type { RoundPairing } from "~/tournament/types";

/** The Dutch engine in a worker thread of the app (pairing.thread.ts), so that no round holds up other requests. */
let thread: TypeScriptThread | null = null;

function pairingThread(): TypeScriptThread {
  thread ??= typeScriptThread(repositoryFile("app/organiser/pairing.thread.ts"), null, {
    failed: (error) => new Error(error.message),
    stopped: (error) => error,
  });
  return thread;
}

export function pairDutchInThread(input: DutchInput): Promise<EngineResult<RoundPairing>> {
  return pairingThread().call("pair", toDutchMessage(input));
}

export function explainRoundInThread(input: DutchInput): Promise<EngineResult<RoundExplanation>> {
  return pairingThread().call("explain", toDutchMessage(input));
}
