/** A game as the product stores it after reading PGN: tags, moves with their comments and NAGs, result. */
export type PgnResult = "1-0" | "0-1" | "1/2-1/2" | "*";

export type PgnMove = {
  /** standard SAN as chess.js writes it */
  san: string;
  /** comment after the move */
  comment?: string;
  /** numeric annotation glyphs ($1 = !, $2 = ?, ...) */
  nags?: number[];
};

export type PgnGame = {
  /** tag pairs in the order read */
  tags: [string, string][];
  /** comment before the first move */
  comment?: string;
  moves: PgnMove[];
  result: PgnResult;
  /** starting position when the game has [SetUp "1"] and [FEN ...] */
  fen?: string;
};

export type PgnErrorCode = "illegalMove" | "badFen" | "unterminatedComment" | "badTag" | "noMoves";

export type PgnError = {
  code: PgnErrorCode;
  /** 1-based position of the game in the file */
  game: number;
  /** "White – Black" from the tags, for the message */
  players: string;
  /** the move as written, with its number ("12... Nf3") */
  move?: string;
  /** English description for logs; screens translate `code` */
  message: string;
};

export type PgnReadResult = { games: PgnGame[]; errors: PgnError[] };

export function tag(game: Pick<PgnGame, "tags">, name: string): string | undefined {
  return game.tags.find(([key]) => key === name)?.[1];
}
