import { z } from "zod";
import { PGN_QR_MAX_TEXT } from "~/lib/limits";

/** The PGN to QR-code form (and its download button, which sends the same field): the pasted game. */
export const pgnQrSchema = z.object({
  pgn: z.string({ error: "pgnQr.empty" }).trim().min(1, "pgnQr.empty").max(PGN_QR_MAX_TEXT, "validation.tooLong"),
});
