/**
 * Pairs and explains Swiss rounds in a worker thread (started by pairing.server.ts): a large round,
 * or one whose brackets need the matching over every player below, takes seconds of CPU that must
 * not hold up the app's other requests.
 */
import { serveThread } from "~/lib/thread.server";
import { pairDutch } from "~/tournament/dutch";
import { explainRound } from "~/tournament/dutch/explain";
import { fromDutchMessage, type DutchMessage } from "~/tournament/dutchMessage";

serveThread((kind, input) => {
  const round = fromDutchMessage(input as DutchMessage);
  return kind === "explain" ? explainRound(round) : pairDutch(round);
});
