import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "./Shell";
import { FormError } from "./Field";
import { useReadingProgress } from "./SheetUpload";
import type { SheetSlip } from "~/sheets/boxPlies";

type Review = {
  sheets: { id: number; name: string; state: string; colour: string; page: number; notation: string; notationFound: boolean }[];
  decoding: boolean;
  completed: boolean;
  notation: string;
  result: string | null;
  unfamiliarHand: boolean;
  /** Where a player left a move out or wrote one twice (the reader aligned the two sheets). */
  slips: SheetSlip[];
  moves: { ply: number; text: string; confidence: number; flagged: boolean; crops: { sheet: number; box: number }[] }[];
};

/**
 * The game as read from its score sheets (spec §2 game view): each move next to the crops of its
 * box on every sheet, flagged moves highlighted, a correction per move in the tournament's
 * notation (the rest is decoded again after it), the written result, and 'complete'.
 */
export function SheetReview({ review, result, base, error }: { review: Review; result: string; base: { gid: number; tid: number }; error?: { ply: number; error: string; move: string } }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  useReadingProgress(review.decoding);
  const image = (sheet: number, part: string) => to(`/webapp/sheets/${base.gid}/${base.tid}/image/${sheet}/${part}`);
  const flagged = review.moves.filter((move) => move.flagged).length;
  const conflict = review.result && result !== "UNSET" && !(review.result === result || (review.result === "WHITE_WINS" && result === "PLUS") || (review.result === "BLACK_WINS" && result === "MINUS"));
  return (
    <section className="sheet-review" aria-labelledby="sheet-review-title">
      <h2 id="sheet-review-title">{t("sheets.review.title")}</h2>
      <ul className="review-sheets">
        {review.sheets.map((sheet) => (
          <li key={sheet.id}>
            <a href={image(sheet.id, "photo")}>
              <img src={image(sheet.id, "thumb")} alt={t("sheets.photoOf", { name: sheet.name })} width={96} />
            </a>{" "}
            {t(`sheets.colours.${sheet.colour}`)} · {t("sheets.pageN", { page: sheet.page })} · {t(`sheets.states.${sheet.state}`)} ·{" "}
            {t(sheet.notationFound ? "sheets.review.sheetNotationFound" : "sheets.review.sheetNotation", { notation: t(`notations.${sheet.notation}`) })}
          </li>
        ))}
      </ul>
      {review.sheets.some((sheet) => sheet.notationFound) ? (
        <p className="review-attention" role="note">
          {t("sheets.review.notationFound")}
        </p>
      ) : null}
      <p>
        <Link to={to(`/webapp/sheets/${base.gid}/${base.tid}`)}>{t("sheets.title")}</Link>
      </p>
      {review.decoding ? (
        <p className="progress" role="status">
          {t("sheets.review.decoding")}
        </p>
      ) : null}
      {review.result ? (
        <p className={conflict ? "warning" : "hint"}>
          {t("sheets.review.writtenResult", { result: t(`results.${review.result}`) })} {conflict ? t("sheets.review.resultConflict", { result: t(`results.${result}`) }) : null}
        </p>
      ) : null}
      {review.moves.length === 0 ? (
        <p className="empty">{review.decoding ? t("sheets.review.waiting") : t("sheets.review.noMoves")}</p>
      ) : (
        <>
          <p className="hint">{t("sheets.review.summary", { count: review.moves.length, flagged, notation: t(`notations.${review.notation}`) })}</p>
          {review.unfamiliarHand ? <p className="review-attention" role="note">{t("sheets.review.unfamiliarHand")}</p> : null}
          {review.slips.map((slip) => {
            const sheet = review.sheets.find((one) => one.id === slip.sheet);
            return (
              <p key={`${slip.sheet}-${slip.row}`} className="review-attention" role="note">
                {t(`sheets.review.${slip.kind}`, { sheet: sheet ? t(`sheets.colours.${sheet.colour}`) : "", row: slip.row })}
              </p>
            );
          })}
          <ol className="review-moves">
            {review.moves.map((move) => (
              <li key={move.ply} id={`ply-${move.ply}`} className={move.flagged ? "flagged" : undefined} value={Math.floor(move.ply / 2) + 1}>
                <span className="ply">
                  {Math.floor(move.ply / 2) + 1}
                  {move.ply % 2 === 0 ? "." : "…"}
                </span>
                <span className="crops">
                  {move.crops.map(({ sheet, box }) => (
                    <a key={sheet} href={image(sheet, `m${box}`)} className="crop">
                      <img src={image(sheet, `m${box}`)} alt={t("sheets.review.boxOf", { move: move.text })} height={36} loading="lazy" />
                    </a>
                  ))}
                </span>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="correct" />
                  <input type="hidden" name="ply" value={move.ply} />
                  <input
                    name="move"
                    aria-label={t("sheets.review.moveLabel", { number: Math.floor(move.ply / 2) + 1, side: t(move.ply % 2 === 0 ? "sheets.colours.WHITE" : "sheets.colours.BLACK") })}
                    defaultValue={error?.ply === move.ply ? error.move : move.text}
                    key={`${move.ply}-${move.text}`}
                    size={7}
                    autoComplete="off"
                  />
                  {move.flagged ? <span className="flag">{t("sheets.review.flagged", { confidence: Math.round(move.confidence * 100) })}</span> : null}
                  <button type="submit">{t("sheets.review.correct")}</button>
                </Form>
                {error?.ply === move.ply ? <FormError errors={[error.error]} /> : null}
              </li>
            ))}
          </ol>
        </>
      )}
      {review.moves.length > 0 && !review.decoding ? (
        <Form method="post">
          <input type="hidden" name="intent" value="complete" />
          <button type="submit" className="primary">
            {review.completed ? t("sheets.review.completeAgain") : t("sheets.review.complete")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
