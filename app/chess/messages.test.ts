import { Chess } from "chess.js";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { moveErrorMessage, pgnErrorMessage } from "./messages";
import { readPgn } from "./pgn";
import { readMove } from "./read";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ ...i18nConfig, lng: "en" });
});

function message(language: "en" | "de", fen: string, text: string): string {
  const result = readMove(new Chess(fen), text, "EN");
  if (result.ok) throw new Error(`${text} was read`);
  const { key, values } = moveErrorMessage(result.error);
  return i18n.getFixedT(language)(key, values);
}

const START = new Chess().fen();

describe("the move-entry messages of spec §5, in English and German", () => {
  it.each([
    ["e", "Illegal format", "Ungültiges Format"],
    ["Ni3", "i is not allowed!", "i ist nicht erlaubt!"],
    ["ef", "f is not a number!", "f ist keine Zahl!"],
    ["bxd5", "A pawn captures only on a neighbouring column!", "Ein Bauer schlägt nur auf einer Nachbarlinie!"],
    ["Nxf3", "There is no opposing piece to capture on f3!", "Auf f3 steht keine gegnerische Figur zum Schlagen!"],
    ["e5", "Illegal Move!", "Zug nicht möglich!"],
  ])("%s → %s", (text, english, german) => {
    const fen = text === "bxd5" ? "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2" : START;
    expect(message("en", fen, text)).toBe(english);
    expect(message("de", fen, text)).toBe(german);
  });

  it("promotion to pawn, king or nothing", () => {
    const fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    for (const text of ["a8", "a8=K", "a8=P"]) {
      expect(message("en", fen, text)).toBe("A pawn must be promoted to a queen, rook, bishop or knight!");
      expect(message("de", fen, text)).toBe("Ein Bauer muss in Dame, Turm, Läufer oder Springer umgewandelt werden!");
    }
  });

  it("an ambiguous move names its candidates", () => {
    expect(message("en", "k7/8/3N1N2/8/8/8/8/K7 w - - 0 1", "Ne4")).toBe("Move not possible! It can mean Nde4, Nfe4.");
  });

  it("a PGN error names the game and the move", () => {
    const [error] = readPgn('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *').errors;
    const { key, values } = pgnErrorMessage(error);
    expect(i18n.getFixedT("de")(key, values)).toBe("Partie 1 (A – B): Zug 2. Ke3 ist ungültig oder nicht lesbar.");
    expect(i18n.getFixedT("en")(key, values)).toBe("Game 1 (A – B): move 2. Ke3 is illegal or cannot be read.");
  });
});
