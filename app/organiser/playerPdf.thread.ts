/**
 * Makes player list PDFs in a worker thread (started by playerPdf.server.ts): laying out the names of
 * a tournament of thousands takes seconds of CPU that must not hold up the app's other requests.
 */
import { serveThread } from "~/lib/thread.server";
import { playersPdf, type PlayersPdfInput } from "./playerPdf.server";

serveThread((_kind, input) => playersPdf(input as PlayersPdfInput));
