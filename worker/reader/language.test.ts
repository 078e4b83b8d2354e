import { describe, expect, it } from "vitest";
import { withFoundLanguages } from "./language";
import { readGame, type PageMoves } from "./read";
import { frames } from "./testFrames";

// a Ruy Lopez as a German and as an English player write it
const GERMAN = ["e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4", "Sf6", "O-O", "Le7", "Te1", "b5", "Lb3", "d6", "c3", "O-O"];
const ENGLISH = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"];
/** A player's sheet: every ply's box (one player writes both sides' moves). */
const sheetOf = (written: readonly string[], language?: PageMoves["language"]): PageMoves => ({ moves: written.map((text, ply) => ({ ply, logProbs: frames(text) })), ...(language && { language }) });

describe("the notation language a sheet is written in", () => {
  it("reads a German player's sheet given as English in German: its boxes fit no English game", () => {
    const [found] = withFoundLanguages([sheetOf(GERMAN)], "EN", new Set());
    expect(found.language).toBe("DE");
  });

  it("keeps the given language of a sheet read well in it, and of one whose language a person chose", () => {
    const english = sheetOf(ENGLISH);
    expect(withFoundLanguages([english], "EN", new Set())[0]).toBe(english);
    const german = sheetOf(GERMAN, "EN");
    expect(withFoundLanguages([german], "DE", new Set([0]))[0]).toBe(german);
  });

  it("keeps every sheet's language once a person confirmed moves of the game", () => {
    const german = sheetOf(GERMAN);
    expect(withFoundLanguages([german], "EN", new Set(), { prefix: ["e4"] })[0]).toBe(german);
  });

  it("trusts the game already read from one player's sheet: read well, the sheet is not tried in other languages; doubtful, it is", () => {
    const german = sheetOf(GERMAN, "EN");
    // a game read well in English from this sheet (as another sheet of the same writer would give it)
    const readWell = readGame([sheetOf(ENGLISH, "EN")], "EN");
    expect(readWell.moves.some((move) => move.flagged)).toBe(false);
    expect(withFoundLanguages([german], "EN", new Set(), {}, readWell)[0]).toBe(german);
    const readDoubtfully = readGame([german], "EN");
    expect(withFoundLanguages([german], "EN", new Set(), {}, readDoubtfully)[0].language).toBe("DE");
  });

  it("finds each player's language apart: an English sheet beside a German one stays English", () => {
    const [white, black] = withFoundLanguages([sheetOf(ENGLISH, "EN"), sheetOf(GERMAN, "EN")], "EN", new Set());
    expect([white.language, black.language]).toEqual(["EN", "DE"]);
  });

  it("never trades a language for one a letter apart: a German sheet without a knight's move read as Dutch stays Dutch", () => {
    // German and Dutch differ only in the knight (S, P): without one the sheet fits both alike
    const noKnight = ["e4", "e5", "Lc4", "Lc5", "d3", "d6", "Le3", "Le6", "Dd2", "Dd7", "Ld5", "c6"];
    const dutch = sheetOf(noKnight, "NL");
    expect(withFoundLanguages([dutch], "DE", new Set())[0]).toBe(dutch);
  });
});
