import pino from "pino";

/**
 * The structured logger (JSON lines on standard output) of the server and the pages. Lines are
 * written in batches of up to 4 kB, at the latest a second later and when the process exits, so a
 * busy server does not make a system call for every request's access-log line.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => destination.flush(), 1000).unref();
process.on("exit", () => {
  try {
    destination.flushSync();
  } catch {
    // not opened yet: nothing was written
  }
});

export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined }, destination);
