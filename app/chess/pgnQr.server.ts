import QRCode from "qrcode";
import { pgnErrorMessage } from "./messages";
import { readPgn, writeGame } from "./pgn";
import { message } from "~/lib/messages";

/**
 * The PGN to QR-code converter of the landing site (spec §1): one game, checked move by move,
 * written compactly and put into one QR code (error correction L, the largest capacity: 2,953
 * bytes). Longer games get a message saying how long they are, not a code that cannot be read.
 */
export const QR_MAX_BYTES = 2953;

export type PgnQr = { ok: true; pgn: string; bytes: number; svg: string } | { ok: false; error: string };

export async function pgnQrCode(text: string): Promise<PgnQr> {
  const { games, errors } = readPgn(text);
  if (errors.length) {
    const { key, values } = pgnErrorMessage(errors[0]);
    return { ok: false, error: message(key, values) };
  }
  if (games.length !== 1) return { ok: false, error: message("pgnQr.oneGame", { count: games.length }) };
  const pgn = writeGame(games[0]).trim();
  const bytes = Buffer.byteLength(pgn, "utf8");
  if (bytes > QR_MAX_BYTES) return { ok: false, error: message("pgnQr.tooLong", { bytes, max: QR_MAX_BYTES }) };
  const svg = await QRCode.toString([{ data: Buffer.from(pgn, "utf8"), mode: "byte" }], { type: "svg", errorCorrectionLevel: "L", margin: 2 });
  return { ok: true, pgn, bytes, svg };
}
