import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pinoHttp } from "pino-http";
import { logger } from "~/lib/log.server";

export { logger };

/** A request's id: the one its proxy gave it (X-Request-Id) when it is a plain short one, else a new one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The access log: every request gets an id, echoed in X-Request-Id, on its log lines. */
export const accessLog = pinoHttp({
  logger,
  genReqId: (req, res) => {
    const id = requestId(req);
    res.setHeader("X-Request-Id", id);
    return id;
  },
  serializers: {
    req: (req: IncomingMessage & { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url?.slice(0, 300) }),
    res: (res: { statusCode: number }) => ({ status: res.statusCode }),
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
});
