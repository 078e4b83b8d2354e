import { createServer, type Server } from "node:http";
import type { ReadingCounts } from "./activities";

/**
 * A vision worker's health and metrics on a port of its own: GET /health answers 200 while the
 * worker polls its task queue (503 otherwise), GET /metrics the sheets read, failed and games
 * decoded since it started and the sheets in reading now, in the Prometheus text format.
 */
export function healthServer(port: number, running: () => boolean, counts: ReadingCounts, concurrency: number): Server {
  const server = createServer((request, response) => {
    if (request.method !== "GET") return void response.writeHead(405).end();
    if (request.url === "/health") {
      const ok = running();
      response.writeHead(ok ? 200 : 503, { "Content-Type": "application/json" }).end(JSON.stringify({ status: ok ? "ok" : "stopped", concurrency }));
      return;
    }
    if (request.url === "/metrics") {
      const lines = [
        "# HELP kiebitz_sheets_read_total Sheet photos read by this worker.",
        "# TYPE kiebitz_sheets_read_total counter",
        `kiebitz_sheets_read_total ${counts.read}`,
        "# HELP kiebitz_sheets_failed_total Sheet readings that failed on this worker.",
        "# TYPE kiebitz_sheets_failed_total counter",
        `kiebitz_sheets_failed_total ${counts.failed}`,
        "# HELP kiebitz_games_decoded_total Games decoded from their sheets by this worker.",
        "# TYPE kiebitz_games_decoded_total counter",
        `kiebitz_games_decoded_total ${counts.decoded}`,
        "# HELP kiebitz_sheets_reading Sheet photos this worker is reading now.",
        "# TYPE kiebitz_sheets_reading gauge",
        `kiebitz_sheets_reading ${counts.reading}`,
      ];
      response.writeHead(200, { "Content-Type": "text/plain; version=0.0.4" }).end(`${lines.join("\n")}\n`);
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(port);
  return server;
}
