import type { NextFunction, Request, Response } from "express";
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { tooMany } from "./answers";

/**
 * Rate limits on every state-changing request, per route and client address, counted in the database
 * so that a restart does not reset them (README, "Limits"). Account and contact forms are limited
 * tightly whatever the account tried, so that one address cannot try many accounts either. Pages
 * rendered for one address are limited too (in memory: `PAGES_PER_MINUTE`), so that a flood of them
 * cannot take the server from everyone else; pages kept in the page cache never get this far.
 */
export type RateRule = { name: string; pattern: RegExp; points: number; seconds: number };

export const RATE_RULES: RateRule[] = [
  { name: "signIn", pattern: /^\/signIn$/, points: 10, seconds: 60 },
  { name: "account", pattern: /^\/(signUp|resetPassword|confirm|confirmDeletion)$/, points: 10, seconds: 10 * 60 },
  { name: "contact", pattern: /^\/contact$/, points: 5, seconds: 10 * 60 },
  { name: "newsletter", pattern: /^\/newsletter(\/|$)/, points: 10, seconds: 10 * 60 },
  { name: "gamesPassword", pattern: /^\/event\//, points: 10, seconds: 60 },
  { name: "google", pattern: /^\/auth\//, points: 20, seconds: 60 },
  { name: "other", pattern: /^/, points: 300, seconds: 60 },
];

/**
 * Pages (GET requests other than the build's files and the app's API, whose devices carry their own
 * tokens and may share a venue's address) one address may have rendered in a minute.
 */
export const PAGES_PER_MINUTE = 600;

export function rateRule(path: string): RateRule {
  const bare = path.replace(/^\/de(?=\/|$)/, "") || "/";
  return RATE_RULES.find((rule) => rule.pattern.test(bare))!;
}

export function rateLimits(db: Db, multiplier = 1) {
  const limiters = new Map(
    RATE_RULES.map((rule) => [
      rule.name,
      new RateLimiterPrisma({ storeClient: db, tableName: "rateLimit", keyPrefix: rule.name, points: rule.points * multiplier, duration: rule.seconds }),
    ]),
  );
  const pages = new RateLimiterMemory({ keyPrefix: "pages", points: PAGES_PER_MINUTE * multiplier, duration: 60 });
  return async (req: Request, res: Response, next: NextFunction) => {
    const reading = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
    if (reading && (req.method === "OPTIONS" || req.path.startsWith("/build/") || req.path.startsWith("/api/"))) return next();
    try {
      await (reading ? pages : limiters.get(rateRule(req.path).name)!).consume(req.ip ?? "unknown");
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      tooMany(req, res, seconds);
    }
  };
}
