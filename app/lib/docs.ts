/** The sections of the documentation (spec §2): overview, event, tournament, round, app, sheet management. */
export const DOC_PAGES = ["overview", "event", "tournament", "round", "app", "sheets"] as const;
