import { describe, expect, it } from "vitest";
import { readMessage } from "~/lib/messages";
import { pgnQrCode, QR_MAX_BYTES } from "./pgnQr.server";

describe("PGN to QR code", () => {
  it("a game becomes one QR code of its compact PGN", async () => {
    const result = await pgnQrCode('[White "Anna"]\n[Black "Bert"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
    if (!result.ok) throw new Error(result.error);
    expect(result.pgn).toContain("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    expect(result.svg.startsWith("<svg")).toBe(true);
  });

  it("a game too long for one code says how long it is", async () => {
    const moves = Array.from({ length: 300 }, () => "Nf3 Nf6 Ng1 Ng8").join(" ");
    const result = await pgnQrCode(`[White "A"]\n[Black "B"]\n[Result "*"]\n\n${moves} *`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const { key, values } = readMessage(result.error);
    expect(key).toBe("pgnQr.tooLong");
    expect(values?.max).toBe(QR_MAX_BYTES);
    expect(Number(values?.bytes)).toBeGreaterThan(QR_MAX_BYTES);
  });

  it("an illegal move, no game or two games are refused with their reason", async () => {
    expect(readMessage(((await pgnQrCode("1. e4 e4 *")) as { error: string }).error).key).toBe("chess.pgn.illegalMove");
    expect(readMessage(((await pgnQrCode("")) as { error: string }).error).key).toBe("pgnQr.oneGame");
    expect(readMessage(((await pgnQrCode("1. e4 *\n\n1. d4 *")) as { error: string }).error).values).toEqual({ count: 2 });
  });
});
