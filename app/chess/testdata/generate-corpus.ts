/**
 * Writes app/chess/testdata/corpus.pgn: three famous games typed from the record and 237
 * generated games (seeded random legal play) with the tags, comments, NAGs, variations,
 * set-up positions and non-ASCII names that real files carry. Run: npx tsx app/chess/testdata/generate-corpus.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Chess } from "chess.js";
import { pick, seededRandom } from "../random";

const FAMOUS = `[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

[Event "London casual game"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4
Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4
Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8
22. Qf6+ Nxf6 23. Be7# {The Immortal Game} 1-0

[Event "Berlin casual game"]
[Site "Berlin GER"]
[Date "1852.??.??"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Dufresne, Jean"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3
Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15.
Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7 21.
Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# {The Evergreen Game} 1-0
`;

const NAMES = [
  "Carlsen, Magnus", "Caruana, Fabiano", "Nepomniachtchi, Ian", "Ding, Liren", "Gukesh, D", "Nakamura, Hikaru",
  "Firouzja, Alireza", "Giri, Anish", "So, Wesley", "Aronian, Levon", "Müller, Jürgen", "Łukaszewicz, Józef",
  "Hou, Yifan", "Ju, Wenjun", "Keymer, Vincent", "Niemann, Hans", "Duda, Jan-Krzysztof", "Rapport, Richárd",
  "Vachier-Lagrave, Maxime", "Pähtz, Elisabeth", "Nogueira, João", "Šimek, Václav", "Ödegaard, Ståle", "Yılmaz, Mustafa",
];
const EVENTS = ["Kiebitz Open", "Vereinsmeisterschaft", "Bundesliga", "City Championship", "Blitz \"Night\" Cup", "Rapid \\ Masters"];
const COMMENTS = ["Good move.", "The critical line.", "A typical plan", "Time trouble", "Strong novelty", "White is better", "[%clk 0:15:02]"];
const TITLES = ["GM", "IM", "FM", "WGM", "CM", ""];

function randomGame(random: () => number, index: number): string {
  const chess = new Chess();
  const setUp = index % 9 === 0;
  if (setUp) for (let i = 0; i < 8 + Math.floor(random() * 12) && !chess.isGameOver(); i++) chess.move(pick(random, chess.moves()));
  const fen = chess.fen();
  const startNumber = Number(fen.split(" ")[5]);
  const plies = 10 + Math.floor(random() * 110);
  const tokens: string[] = [];
  let number = startNumber;
  let blackNeedsNumber = chess.turn() === "b";
  for (let ply = 0; ply < plies && !chess.isGameOver(); ply++) {
    const moves = chess.moves();
    const san = pick(random, moves);
    if (chess.turn() === "w") tokens.push(`${number}.`);
    else if (blackNeedsNumber) tokens.push(`${number}...`);
    blackNeedsNumber = false;
    if (random() < 0.05 && moves.length > 1) {
      const alternative = moves.find((m) => m !== san)!;
      const prefix = chess.turn() === "w" ? `${number}.` : `${number}...`;
      tokens.push(san, `(${prefix} ${alternative} {or this})`);
      blackNeedsNumber = true;
    } else tokens.push(san);
    if (chess.turn() === "b") number++;
    chess.move(san);
    if (random() < 0.05) tokens.push(`$${1 + Math.floor(random() * 6)}`);
    if (random() < 0.06) {
      tokens.push(`{${pick(random, COMMENTS)}}`);
      blackNeedsNumber = true;
    }
  }
  const result = chess.isCheckmate() ? (chess.turn() === "w" ? "0-1" : "1-0") : chess.isDraw() ? "1/2-1/2" : pick(random, ["1-0", "0-1", "1/2-1/2", "*"]);
  const white = pick(random, NAMES);
  const black = pick(random, NAMES.filter((n) => n !== white));
  const title = pick(random, TITLES);
  const tags = [
    ["Event", pick(random, EVENTS)],
    ["Site", pick(random, ["Berlin GER", "Wijk aan Zee NED", "Saint Louis USA", "?"])],
    ["Date", `20${10 + Math.floor(random() * 16)}.${String(1 + Math.floor(random() * 12)).padStart(2, "0")}.${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`],
    ["Round", `${1 + Math.floor(random() * 9)}`],
    ["White", white],
    ["Black", black],
    ["Result", result],
    ["Board", `${1 + Math.floor(random() * 40)}`],
    ["WhiteElo", `${1800 + Math.floor(random() * 1000)}`],
    ["BlackElo", `${1800 + Math.floor(random() * 1000)}`],
    ...(title ? [["WhiteTitle", title]] : []),
    ...(random() < 0.3 ? [["ECO", `${pick(random, ["A", "B", "C", "D", "E"])}${String(Math.floor(random() * 100)).padStart(2, "0")}`]] : []),
    ...(setUp ? [["SetUp", "1"], ["FEN", fen]] : []),
  ];
  const tagText = tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n");
  const lines: string[] = [];
  let line = "";
  for (const token of [...tokens, result]) {
    if (line.length + token.length + 1 > 79) {
      lines.push(line);
      line = token;
    } else line = line ? `${line} ${token}` : token;
  }
  lines.push(line);
  return `${tagText}\n\n${lines.join("\n")}\n`;
}

const random = seededRandom(20261122);
const games = Array.from({ length: 237 }, (_, i) => randomGame(random, i + 1));
writeFileSync(path.join(import.meta.dirname, "corpus.pgn"), `${FAMOUS}\n${games.join("\n")}`);
console.log(`wrote ${games.length + 3} games`);
