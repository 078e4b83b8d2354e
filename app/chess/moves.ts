import type { Move } from "chess.js";

/**
 * A move as the product stores and shows it (spec §3 "chess move"): start and target square,
 * a flag, the promotion piece, the captured piece and its notation (SAN).
 */
export type MoveFlag =
  | "none"
  | "promotion"
  | "promotionCastlingRightsChange"
  | "enPassant"
  | "castling"
  | "castlingRightsChange";

export type ChessMove = {
  from: string;
  to: string;
  flag: MoveFlag;
  promotion?: string;
  captured?: string;
  notation: string;
};

const castlingField = (fen: string) => fen.split(" ")[2];

export function toChessMove(move: Move): ChessMove {
  const rightsChanged = castlingField(move.before) !== castlingField(move.after);
  let flag: MoveFlag = "none";
  if (move.isKingsideCastle() || move.isQueensideCastle()) flag = "castling";
  else if (move.isEnPassant()) flag = "enPassant";
  else if (move.isPromotion()) flag = rightsChanged ? "promotionCastlingRightsChange" : "promotion";
  else if (rightsChanged) flag = "castlingRightsChange";
  return {
    from: move.from,
    to: move.to,
    flag,
    ...(move.promotion ? { promotion: move.promotion } : {}),
    ...(move.captured ? { captured: move.captured } : {}),
    notation: move.san,
  };
}
