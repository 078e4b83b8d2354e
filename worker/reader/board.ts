/**
 * A chessboard for the decoder: the legal moves of a position with their SAN, and the position after each, as
 * chess.js lists and writes them (the same moves in the same order, the same SAN, the same FEN), on a typed array.
 * Listing the legal moves of the positions a beam search reaches (thousands a game) was three fifths of a
 * decoding's time through chess.js, whose board is an array of objects and whose every move made pushes a history
 * entry of them (README, "Decoding on a board of its own": decoding twice as fast); the rest of the product keeps chess.js.
 * positions.test.ts compares every position of random games with chess.js, board.test.ts the positions where the rules
 * are most often got wrong.
 *
 * Squares are 0x88 indexes as chess.js's (a8 = 0, h1 = 119); a piece is its type (PAWN … KING) plus BLACK for black.
 */

const PAWN = 1;
const KNIGHT = 2;
const BISHOP = 3;
const ROOK = 4;
const QUEEN = 5;
const KING = 6;
/** Added to a piece's type for black, and the side to move when black moves (white: 0). */
export const BLACK = 8;
const TYPE = 7;
const LETTERS = " pnbrqk";

/** Castling rights, as chess.js's FEN writes them: K, Q, k, q. */
const WHITE_KINGSIDE = 1;
const WHITE_QUEENSIDE = 2;
const BLACK_KINGSIDE = 4;
const BLACK_QUEENSIDE = 8;

/** How a move is special (what its SAN and its making need). */
const CAPTURE = 1;
const BIG_PAWN = 2;
const EN_PASSANT = 4;
const KINGSIDE = 8;
const QUEENSIDE = 16;

/** chess.js's order of steps for each piece, and of promotions: the moves come out in its order. */
const STEPS: Record<number, readonly number[]> = {
  [KNIGHT]: [-18, -33, -31, -14, 18, 33, 31, 14],
  [BISHOP]: [-17, -15, 17, 15],
  [ROOK]: [-16, 1, 16, -1],
  [QUEEN]: [-17, -16, -15, 1, 17, 16, 15, -1],
  [KING]: [-17, -16, -15, 1, 17, 16, 15, -1],
};
const PROMOTIONS = [KNIGHT, BISHOP, ROOK, QUEEN];
const KNIGHT_STEPS = STEPS[KNIGHT];
const KING_STEPS = STEPS[KING];
const DIAGONALS = STEPS[BISHOP];
const LINES = STEPS[ROOK];

const off = (square: number) => (square & 0x88) !== 0;
const rankOf = (square: number) => square >> 4;
const fileOf = (square: number) => square & 15;
/** Each square's name (e4), by its index: written once, not for every move listed. */
const SQUARE_NAMES = Array.from({ length: 128 }, (_, square) => `${"abcdefgh"[fileOf(square)]}${8 - rankOf(square)}`);
/** The square's name (e4). */
export const squareName = (square: number) => SQUARE_NAMES[square];
const squareAt = (name: string) => (8 - Number(name[1])) * 16 + "abcdefgh".indexOf(name[0]);

export type Position = {
  squares: Int8Array;
  /** The side to move: 0 white, BLACK black. */
  turn: number;
  castling: number;
  /** The square a pawn that just moved two squares passed (chess.js keeps it only where a pawn stands beside it), or -1. */
  enPassant: number;
  halfMoves: number;
  moveNumber: number;
  /** Each side's king's square: white's, black's. */
  kings: [number, number];
};

/** A move: the piece's type, a promotion's (0 for none), and how it is special (CAPTURE …); what it takes is read off the board. */
export type Move = { from: number; to: number; piece: number; promotion: number; flags: number };

const side = (color: number) => (color === BLACK ? 1 : 0);
/** One square forward for a pawn of `color` (a white pawn goes towards a8 = 0). */
const forward = (color: number) => (color === BLACK ? 16 : -16);
const other = (color: number) => color ^ BLACK;

/** Reads a FEN as chess.js loads one (castling rights only with king and rook at home, en passant only where a pawn may take). */
export function parseFen(fen: string): Position {
  const [placement, turn, castling, enPassant, halfMoves, moveNumber] = fen.split(" ");
  const squares = new Int8Array(128);
  const kings: [number, number] = [-1, -1];
  let square = 0;
  for (const char of placement) {
    if (char === "/") square += 8;
    else if (char >= "1" && char <= "8") square += Number(char);
    else {
      const lower = char.toLowerCase();
      const piece = LETTERS.indexOf(lower) + (char === lower ? BLACK : 0);
      squares[square] = piece;
      if ((piece & TYPE) === KING) kings[side(piece & BLACK)] = square;
      square++;
    }
  }
  const position: Position = {
    squares,
    turn: turn === "b" ? BLACK : 0,
    castling: [..."KQkq"].reduce((rights, letter, i) => (castling.includes(letter) ? rights | (1 << i) : rights), 0),
    enPassant: enPassant && enPassant !== "-" ? squareAt(enPassant) : -1,
    halfMoves: Number(halfMoves ?? 0),
    moveNumber: Number(moveNumber ?? 1),
    kings,
  };
  keepPossibleRights(position);
  return position;
}

/** chess.js's `_updateCastlingRights` and `_updateEnPassantSquare` after loading a FEN. */
function keepPossibleRights(position: Position) {
  const { squares } = position;
  const home = (square: number, piece: number) => squares[square] === piece;
  if (!home(116, KING) || !home(112, ROOK)) position.castling &= ~WHITE_QUEENSIDE;
  if (!home(116, KING) || !home(119, ROOK)) position.castling &= ~WHITE_KINGSIDE;
  if (!home(4, KING + BLACK) || !home(0, ROOK + BLACK)) position.castling &= ~BLACK_QUEENSIDE;
  if (!home(4, KING + BLACK) || !home(7, ROOK + BLACK)) position.castling &= ~BLACK_KINGSIDE;
  const target = position.enPassant;
  if (target < 0) return;
  const start = target + forward(position.turn);
  const passed = target - forward(position.turn);
  const takers = [passed + 1, passed - 1].filter((square) => pawnOn(squares, square, position.turn));
  if (squares[start] !== 0 || squares[target] !== 0 || squares[passed] !== PAWN + other(position.turn) || takers.length === 0) position.enPassant = -1;
}

/** The type of the first piece along `step` from `square` where it is `color`'s bishop or queen (`straight` false) or rook or queen; 0 where it is not. */
function sliderOn(squares: Int8Array, color: number, square: number, step: number, straight: boolean): number {
  for (let at = square + step; !off(at); at += step) {
    const piece = squares[at];
    if (piece === 0) continue;
    if ((piece & BLACK) !== color) return 0;
    const type = piece & TYPE;
    return type === QUEEN || type === (straight ? ROOK : BISHOP) ? type : 0;
  }
  return 0;
}

function standsOn(squares: Int8Array, piece: number, square: number, steps: readonly number[]): boolean {
  for (const step of steps) if (!off(square + step) && squares[square + step] === piece) return true;
  return false;
}

/** The steps of a pawn of each colour that takes, in chess.js's order. */
const PAWN_CAPTURES: Record<number, readonly number[]> = { 0: [-17, -15], [BLACK]: [17, 15] };
/** The squares a pawn of each colour attacks from, seen from the attacked square: one of its capture steps back. */
const PAWN_ATTACKERS: Record<number, readonly number[]> = { 0: PAWN_CAPTURES[0].map((step) => -step), [BLACK]: PAWN_CAPTURES[BLACK].map((step) => -step) };

/** Whether `color` attacks `square`, looked for from the square outward. */
export function attacked(squares: Int8Array, color: number, square: number): boolean {
  if (standsOn(squares, KNIGHT + color, square, KNIGHT_STEPS) || standsOn(squares, PAWN + color, square, PAWN_ATTACKERS[color]) || standsOn(squares, KING + color, square, KING_STEPS)) return true;
  for (const step of DIAGONALS) if (sliderOn(squares, color, square, step, false)) return true;
  for (const step of LINES) if (sliderOn(squares, color, square, step, true)) return true;
  return false;
}

/** What a piece is worth to players, in pawns, by its type (a king cannot be taken). */
const VALUES = [0, 1, 3, 3, 5, 9, 100];

/** The value of the cheapest piece of `color` that attacks `square` (VALUES; 0 where none does). */
function cheapestAttacker(squares: Int8Array, color: number, square: number): number {
  if (standsOn(squares, PAWN + color, square, PAWN_ATTACKERS[color])) return VALUES[PAWN];
  if (standsOn(squares, KNIGHT + color, square, KNIGHT_STEPS)) return VALUES[KNIGHT];
  let cheapest = Infinity;
  for (const step of DIAGONALS) {
    const type = sliderOn(squares, color, square, step, false);
    if (type) cheapest = Math.min(cheapest, VALUES[type]);
  }
  for (const step of LINES) {
    const type = sliderOn(squares, color, square, step, true);
    if (type) cheapest = Math.min(cheapest, VALUES[type]);
  }
  if (cheapest < Infinity) return cheapest;
  return standsOn(squares, KING + color, square, KING_STEPS) ? VALUES[KING] : 0;
}

/**
 * A move's traits (moveTraits): it takes; it checks; it leaves the piece moved where it is lost for at least two pawns
 * more than it took; it leaves another of the mover's pieces where it is lost so (one attacked before and not saved, or
 * one the move no longer defends or uncovers).
 */
export const TAKES = 1;
export const CHECKS = 2;
export const LOSES = 4;
export const LEAVES = 8;
/** The number of combinations of traits. */
export const TRAIT_KINDS = 16;

/** What the piece of `color` on `square`, worth `worth` pawns, is lost for: nothing where the other side does not attack it. */
function loss(squares: Int8Array, color: number, square: number, worth: number): number {
  const attacker = cheapestAttacker(squares, other(color), square);
  if (attacker === 0) return 0;
  return attacked(squares, color, square) ? Math.max(0, worth - attacker) : worth;
}

/** The squares of `color`'s pieces worth at least a minor piece, but its king (a pawn left is lost for less than two pawns). */
function piecesToLose(squares: Int8Array, color: number): number[] {
  const found: number[] = [];
  for (let square = 0; square < 120; square++) {
    if (off(square)) {
      square += 7;
      continue;
    }
    const piece = squares[square];
    if (piece !== 0 && (piece & BLACK) === color && (piece & TYPE) !== PAWN && (piece & TYPE) !== KING) found.push(square);
  }
  return found;
}

/**
 * What each of the legal moves does that players weigh (TAKES | CHECKS | LOSES | LEAVES), `sans` their SANs: real
 * players take and check more often than a move chosen at random, and seldom leave a piece where the other side wins it.
 */
export function moveTraits(position: Position, moves: readonly Move[], sans: readonly string[]): Uint8Array {
  const us = position.turn;
  const { squares } = position;
  const pieces = piecesToLose(squares, us);
  // a piece the other side does not attack now is attacked after the move only along a line the move opens
  const attackedNow = pieces.map((square) => attacked(squares, other(us), square));
  const traitsOf = (move: Move, i: number) => {
    let traits = (move.flags & (CAPTURE | EN_PASSANT) ? TAKES : 0) | (/[+#]$/.test(sans[i]) ? CHECKS : 0);
    // castling, which moves two pieces, only by what it takes and checks (the board below moves one)
    if (move.flags & (KINGSIDE | QUEENSIDE)) return traits;
    // who attacks and defends the square after the move: the board with the square left (and a pawn taken en passant) empty
    const passed = move.flags & EN_PASSANT ? move.to - forward(us) : move.from;
    const moved = squares[move.from];
    const taken = squares[passed];
    const target = squares[move.to];
    squares[move.from] = 0;
    squares[passed] = 0;
    if (move.piece !== KING) {
      const won = move.flags & EN_PASSANT ? VALUES[PAWN] : VALUES[target & TYPE];
      if (loss(squares, us, move.to, VALUES[move.promotion || move.piece]) - won >= 2) traits |= LOSES;
    }
    squares[move.to] = move.promotion ? move.promotion + us : moved;
    for (let k = 0; k < pieces.length; k++) {
      const square = pieces[k];
      if (square === move.from || !(attackedNow[k] || aligned(square, move.from) & LINE || aligned(square, passed) & LINE)) continue;
      if (loss(squares, us, square, VALUES[squares[square] & TYPE]) >= 2) {
        traits |= LEAVES;
        break;
      }
    }
    squares[move.to] = target;
    squares[passed] = taken;
    squares[move.from] = moved;
    return traits;
  };
  // a loop: Uint8Array.from with a mapping function took several times as long (every position a decoding lists)
  const traits = new Uint8Array(moves.length);
  for (let i = 0; i < moves.length; i++) traits[i] = traitsOf(moves[i], i);
  return traits;
}

const kingAttacked = (position: Position, color: number) => attacked(position.squares, other(color), position.kings[side(color)]);

function addMove(moves: Move[], from: number, to: number, piece: number, flags: number) {
  const rank = rankOf(to);
  if (piece === PAWN && (rank === 0 || rank === 7)) for (const promotion of PROMOTIONS) moves.push({ from, to, piece, promotion, flags });
  else moves.push({ from, to, piece, promotion: 0, flags });
}

/** chess.js's pseudo-legal moves (`_moves({ legal: false })`), in its order; only those from `only` where given. */
function pseudoLegalMoves(position: Position, only?: number): Move[] {
  const { squares, turn: us } = position;
  const them = other(us);
  const moves: Move[] = [];
  const [first, last] = only === undefined ? [0, 119] : [only, only];
  for (let from = first; from <= last; from++) {
    if (off(from)) {
      from += 7;
      continue;
    }
    const piece = squares[from];
    if (piece === 0 || (piece & BLACK) !== us) continue;
    const type = piece & TYPE;
    if (type === PAWN) {
      const step = forward(us);
      let to = from + step;
      if (squares[to] === 0) {
        addMove(moves, from, to, PAWN, 0);
        to = from + 2 * step;
        if (rankOf(from) === (us === BLACK ? 1 : 6) && squares[to] === 0) addMove(moves, from, to, PAWN, BIG_PAWN);
      }
      for (const step of PAWN_CAPTURES[us]) {
        to = from + step;
        if (off(to)) continue;
        const target = squares[to];
        if (target !== 0 && (target & BLACK) === them) addMove(moves, from, to, PAWN, CAPTURE);
        else if (to === position.enPassant) addMove(moves, from, to, PAWN, EN_PASSANT);
      }
      continue;
    }
    const slides = type !== KNIGHT && type !== KING;
    for (const step of STEPS[type]) {
      for (let to = from + step; !off(to); to += step) {
        const target = squares[to];
        if (target === 0) addMove(moves, from, to, type, 0);
        else {
          if ((target & BLACK) === them) addMove(moves, from, to, type, CAPTURE);
          break;
        }
        if (!slides) break;
      }
    }
  }
  const king = position.kings[side(us)];
  if ((only !== undefined && only !== king) || (position.castling & (us === BLACK ? BLACK_KINGSIDE | BLACK_QUEENSIDE : WHITE_KINGSIDE | WHITE_QUEENSIDE)) === 0) return moves;
  const [kingside, queenside] = us === BLACK ? [BLACK_KINGSIDE, BLACK_QUEENSIDE] : [WHITE_KINGSIDE, WHITE_QUEENSIDE];
  const safe = (square: number) => !attacked(squares, them, square);
  if (position.castling & kingside && squares[king + 1] === 0 && squares[king + 2] === 0 && safe(king) && safe(king + 1) && safe(king + 2)) {
    addMove(moves, king, king + 2, KING, KINGSIDE);
  }
  if (position.castling & queenside && squares[king - 1] === 0 && squares[king - 2] === 0 && squares[king - 3] === 0 && safe(king) && safe(king - 1) && safe(king - 2)) {
    addMove(moves, king, king - 2, KING, QUEENSIDE);
  }
  return moves;
}

/** The rooks whose leaving or capture ends a castling right. */
const ROOK_HOMES: readonly [number, number][] = [
  [112, WHITE_QUEENSIDE],
  [119, WHITE_KINGSIDE],
  [0, BLACK_QUEENSIDE],
  [7, BLACK_KINGSIDE],
];

const pawnOn = (squares: Int8Array, square: number, color: number) => !off(square) && squares[square] === PAWN + color;

/** What making a move changed, to take it back. */
type Undo = Pick<Position, "castling" | "enPassant" | "halfMoves" | "moveNumber"> & { taken: number };

/** Makes the move on the position (chess.js's `_makeMove`) and returns what takes it back. */
function makeMove(position: Position, move: Move): Undo {
  const { squares } = position;
  const us = position.turn;
  const them = other(us);
  const undo: Undo = { castling: position.castling, enPassant: position.enPassant, halfMoves: position.halfMoves, moveNumber: position.moveNumber, taken: squares[move.to] };
  squares[move.to] = move.promotion ? move.promotion + us : squares[move.from];
  squares[move.from] = 0;
  if (move.flags & EN_PASSANT) squares[move.to - forward(us)] = 0;
  if (move.piece === KING) {
    position.kings[side(us)] = move.to;
    if (move.flags & KINGSIDE) {
      squares[move.to - 1] = squares[move.to + 1];
      squares[move.to + 1] = 0;
    } else if (move.flags & QUEENSIDE) {
      squares[move.to + 1] = squares[move.to - 2];
      squares[move.to - 2] = 0;
    }
    position.castling &= us === BLACK ? ~(BLACK_KINGSIDE | BLACK_QUEENSIDE) : ~(WHITE_KINGSIDE | WHITE_QUEENSIDE);
  }
  for (const [home, right] of ROOK_HOMES) if (move.from === home || move.to === home) position.castling &= ~right;
  position.enPassant = -1;
  if (move.flags & BIG_PAWN && (pawnOn(squares, move.to - 1, them) || pawnOn(squares, move.to + 1, them))) position.enPassant = move.to - forward(us);
  position.halfMoves = move.piece === PAWN || move.flags & (CAPTURE | EN_PASSANT) ? 0 : position.halfMoves + 1;
  if (us === BLACK) position.moveNumber++;
  position.turn = them;
  return undo;
}

function undoMove(position: Position, move: Move, undo: Undo) {
  const { squares } = position;
  const us = other(position.turn);
  position.turn = us;
  squares[move.from] = move.piece + us;
  squares[move.to] = undo.taken;
  if (move.flags & EN_PASSANT) squares[move.to - forward(us)] = PAWN + other(us);
  if (move.flags & KINGSIDE) {
    squares[move.to + 1] = squares[move.to - 1];
    squares[move.to - 1] = 0;
  } else if (move.flags & QUEENSIDE) {
    squares[move.to - 2] = squares[move.to + 1];
    squares[move.to + 1] = 0;
  }
  position.castling = undo.castling;
  position.enPassant = undo.enPassant;
  position.halfMoves = undo.halfMoves;
  position.moveNumber = undo.moveNumber;
  // only the mover's king moves, and only when it is the piece moved
  if (move.piece === KING) position.kings[side(us)] = move.from;
}

/** Whether the move leaves the mover's king safe. */
function isLegal(position: Position, move: Move): boolean {
  const undo = makeMove(position, move);
  const legal = !kingAttacked(position, other(position.turn));
  undoMove(position, move, undo);
  return legal;
}

/** Whether the side to move has a legal move, its king's looked at first (a checked king can mostly step away). */
function canMove(position: Position): boolean {
  const king = position.kings[side(position.turn)];
  return pseudoLegalMoves(position, king).some((move) => isLegal(position, move)) || pseudoLegalMoves(position).some((move) => isLegal(position, move));
}

/** chess.js's `getDisambiguator`: the square, rank or file that tells the move from another of the same piece to the same square. */
function disambiguator(move: Move, moves: readonly Move[]): string {
  let ambiguities = 0;
  let sameRank = 0;
  let sameFile = 0;
  for (const rival of moves) {
    if (rival.piece !== move.piece || rival.from === move.from || rival.to !== move.to) continue;
    ambiguities++;
    if (rankOf(rival.from) === rankOf(move.from)) sameRank++;
    if (fileOf(rival.from) === fileOf(move.from)) sameFile++;
  }
  if (ambiguities === 0) return "";
  const name = squareName(move.from);
  if (sameRank > 0 && sameFile > 0) return name;
  return sameFile > 0 ? name[1] : name[0];
}

/** Each piece type's letter in SAN (none for a pawn). */
const SAN_LETTERS = ["", "", "N", "B", "R", "Q", "K"];
/** How many of the moves take a piece of each type to each square (by type * 128 + square): only where more than one does is a move disambiguated. */
const sameTarget = new Uint8Array(7 * 128);

/** A legal move's SAN without its mark (chess.js's `_moveToSan`), `sameTarget` counted for `moves`. */
function sanOf(move: Move, moves: readonly Move[]): string {
  if (move.flags & KINGSIDE) return "O-O";
  if (move.flags & QUEENSIDE) return "O-O-O";
  let san = move.piece === PAWN ? "" : SAN_LETTERS[move.piece] + (sameTarget[move.piece * 128 + move.to] > 1 ? disambiguator(move, moves) : "");
  if (move.flags & (CAPTURE | EN_PASSANT)) san += `${move.piece === PAWN ? squareName(move.from)[0] : ""}x`;
  san += squareName(move.to);
  if (move.promotion) san += `=${SAN_LETTERS[move.promotion]}`;
  return san;
}

/** How two squares lie, by their 0x88 difference (+ 119): on one line, rank, file or diagonal (LINE), or a knight's jump apart (JUMP). */
const LINE = 1;
const JUMP = 2;
const ALIGNED = new Uint8Array(239);
for (const step of STEPS[QUEEN]) for (let k = 1; k < 8; k++) ALIGNED[step * k + 119] |= LINE;
for (const step of KNIGHT_STEPS) ALIGNED[step + 119] |= JUMP;
const aligned = (a: number, b: number) => ALIGNED[a - b + 119];

/**
 * The legal moves of the position in chess.js's order, with their SAN (check and mate marked). A move is made and the
 * kings looked at only where it may matter: where the mover's king is in check, moves, or stands on a line with the
 * square left (a pin), and where the other king stands on a line with, or a knight's jump from, a square the move
 * empties or fills; castling and en passant always. The position is one a game reaches: the side not to move is not in
 * check (where it is, chess.js marks every move a check, and this only those that may give one).
 */
export function legalMoves(position: Position): { moves: Move[]; sans: string[] } {
  const us = position.turn;
  const ownKing = position.kings[side(us)];
  const theirKing = position.kings[side(other(us))];
  const inCheck = kingAttacked(position, us);
  const moves: Move[] = [];
  const marks: string[] = [];
  for (const move of pseudoLegalMoves(position)) {
    const special = move.flags & (EN_PASSANT | KINGSIDE | QUEENSIDE);
    const mayExpose = inCheck || special || move.piece === KING || aligned(ownKing, move.from) & LINE;
    const mayCheck = special || aligned(theirKing, move.to) || aligned(theirKing, move.from) & LINE;
    if (!mayExpose && !mayCheck) {
      moves.push(move);
      marks.push("");
      continue;
    }
    const undo = makeMove(position, move);
    if (!mayExpose || !kingAttacked(position, us)) {
      moves.push(move);
      marks.push(mayCheck && kingAttacked(position, other(us)) ? (canMove(position) ? "+" : "#") : "");
    }
    undoMove(position, move, undo);
  }
  for (const move of moves) sameTarget[move.piece * 128 + move.to]++;
  const sans = moves.map((move, i) => sanOf(move, moves) + marks[i]);
  for (const move of moves) sameTarget[move.piece * 128 + move.to] = 0;
  return { moves, sans };
}

/** The FEN of the position as chess.js writes it: the en passant square only where taking there is legal. */
export function fenOf(position: Position): string {
  const { squares } = position;
  let placement = "";
  for (let rank = 0; rank < 8; rank++) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = squares[rank * 16 + file];
      if (piece === 0) {
        empty++;
        continue;
      }
      if (empty > 0) placement += empty;
      empty = 0;
      const letter = LETTERS[piece & TYPE];
      placement += piece & BLACK ? letter : letter.toUpperCase();
    }
    if (empty > 0) placement += empty;
    if (rank < 7) placement += "/";
  }
  const castling = [..."KQkq"].filter((_, i) => position.castling & (1 << i)).join("") || "-";
  return `${placement} ${position.turn === BLACK ? "b" : "w"} ${castling} ${enPassantTaken(position) ? squareName(position.enPassant) : "-"} ${position.halfMoves} ${position.moveNumber}`;
}

/** Whether a pawn of the side to move may legally take en passant (chess.js's FEN writes the square only then). */
function enPassantTaken(position: Position): boolean {
  const target = position.enPassant;
  if (target < 0) return false;
  const passed = target - forward(position.turn);
  return [passed + 1, passed - 1].some(
    (from) => pawnOn(position.squares, from, position.turn) && isLegal(position, { from, to: target, piece: PAWN, promotion: 0, flags: EN_PASSANT }),
  );
}

/** The FEN after the move (one of `legalMoves(position).moves`); the position stays as it was. */
export function fenAfter(position: Position, move: Move): string {
  const undo = makeMove(position, move);
  const fen = fenOf(position);
  undoMove(position, move, undo);
  return fen;
}
