import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { createServer } from "node:http";
import type { Db } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import { refused } from "./answers";
import { securityHeaders } from "./headers";
import { inFlightLimit } from "./inFlight";
import { requestLimits } from "./limits";
import { accessLog, logger } from "./logger";
import { crossSiteCheck } from "./origin";
import { rateLimits } from "./rateLimits";
import { publicPageCache } from "./pageCache";

export type AppContext = { clientAddress?: string; cspNonce: string; requestId: string };

/**
 * The HTTP server in front of Remix: access log with request ids, security headers, limits on URLs and bodies,
 * cross-site request checks and rate limits, compression for the clients that
 * accept it, then static files and the pages, a few at a time per client address (server/inFlight.ts).
 * Public tournament pages kept in memory are answered before all of that (server/pageCache.ts), with the headers they were first sent with.
 */
export function createApp(build: ServerBuild, settings: Config, db: Db) {
  const pages = publicPageCache(db);
  const app = express();
  app.disable("x-powered-by");
  if (settings.trustProxy) app.set("trust proxy", settings.trustProxy);
  const publicOrigin = new URL(settings.publicUrl).origin;
  app.use(accessLog);
  // the security headers first: the limits' own answers (a page for a form too large) carry them too
  app.use(securityHeaders({ https: publicOrigin.startsWith("https:"), formActions: settings.google ? ["https://accounts.google.com"] : [] }));
  app.use(requestLimits);
  app.use(crossSiteCheck((req) => [publicOrigin, `${req.protocol}://${req.get("host") ?? ""}`]));
  app.use(rateLimits(db, settings.rateLimitMultiplier));
  app.use(compression());
  // public tournament pages are never files: their cached copies are served before the file lookups
  app.use(pages.middleware);
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  app.use(inFlightLimit(settings.rateLimitMultiplier));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res): AppContext => ({ clientAddress: req.ip, cspNonce: res.locals.cspNonce as string, requestId: String(req.id) }),
    }),
  );
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, requestId: req.id }, "request failed");
    if (!res.headersSent) refused(req, res, 500);
  });
  return createServer((req, res) => {
    pages.serve(req, res).then(
      (served) => served || app(req, res),
      (error: unknown) => {
        logger.error({ err: error }, "cached page failed");
        app(req, res);
      },
    );
  });
}
