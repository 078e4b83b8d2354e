import type { NextFunction, Request, Response } from "express";
import { refused } from "./answers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery protection for every state-changing request (page actions, `?_data=`
 * requests, resource routes): the browser's Sec-Fetch-Site, else its Origin, else its Referer must
 * name this site. Requests that carry none of them are not from a browser form and pass (they
 * cannot carry a victim's cookies). Bearer-token requests (the scanning app) use no cookies.
 */
export function crossSiteCheck(allowedOrigins: (req: Request) => string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.headers.authorization?.startsWith("Bearer ") && !req.headers.cookie) return next();
    const allowed = allowedOrigins(req);
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    let same: boolean | undefined;
    if (origin !== undefined) same = allowed.includes(origin);
    else if (site !== undefined) same = site === "same-origin" || site === "none";
    else if (referer !== undefined) same = allowed.includes(originOf(referer));
    if (same === false) return refused(req, res, 403);
    next();
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}
