import pino from "pino";

/** The structured logger (JSON lines on standard output) of the server and the pages. */
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined });
