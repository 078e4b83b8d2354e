import { useTranslation } from "react-i18next";

const GLYPHS: Record<string, string> = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

/** A static board from a FEN (no JavaScript needed), White at the bottom. */
export function Board({ fen }: { fen: string }) {
  const { t } = useTranslation();
  const rows = fen.split(" ")[0].split("/").map((row) => row.replace(/\d/g, (n) => ".".repeat(Number(n))).split(""));
  return (
    <div className="board" role="img" aria-label={t("games.board")}>
      {rows.flatMap((row, r) =>
        row.map((piece, f) => (
          <span key={`${r}-${f}`} className={(r + f) % 2 === 0 ? "light" : "dark"}>
            {GLYPHS[piece] ?? ""}
          </span>
        )),
      )}
    </div>
  );
}
