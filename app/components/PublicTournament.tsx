import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "./Field";
import { useLocalePath } from "./Shell";
import { formatPoints } from "~/lib/numbers";

/**
 * The frame of every public tournament page: the way back to the event, the tournament's name and
 * its views as tabs (each its own address, so it can be shared and printed), and a round picker.
 */
export type PublicFrame = { event: { name: string; slug: string }; tournament: { name: string; slug: string }; rounds: number };

export type PublicView = "overview" | "players" | "pairings" | "standings" | "crosstable" | "player" | "game";

/** The address of a public tournament page (without the language prefix). */
export function publicPath(frame: Pick<PublicFrame, "event" | "tournament">, ...rest: (string | number)[]): string {
  return ["", "event", encodeURIComponent(frame.event.slug), encodeURIComponent(frame.tournament.slug), ...rest.map((r) => encodeURIComponent(String(r)))].join("/");
}

export function PublicTournamentFrame({ frame, view, heading, children }: { frame: PublicFrame; view: PublicView; heading?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const latest = frame.rounds;
  const tabs: [PublicView, string, string][] = [
    ["overview", t("public.overview"), publicPath(frame)],
    ["players", t("public.startingList"), publicPath(frame, "players")],
    ...(latest
      ? ([
          ["pairings", t("public.pairings"), publicPath(frame, "round", latest)],
          ["standings", t("public.standings"), publicPath(frame, "standings", latest)],
          ["crosstable", t("public.crossTable"), publicPath(frame, "crosstable", latest)],
        ] as [PublicView, string, string][])
      : []),
  ];
  return (
    <section className="public">
      <p className="breadcrumbs">
        <Link to={to(`/event/${encodeURIComponent(frame.event.slug)}`)}>{frame.event.name}</Link>
      </p>
      <h1>{frame.tournament.name}</h1>
      <nav className="tabs" aria-label={t("public.views")}>
        {tabs.map(([key, label, path]) => (
          <Link key={key} to={to(path)} aria-current={key === view ? "page" : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {heading ? <h2>{heading}</h2> : null}
      {children}
    </section>
  );
}

/** Links to the same view after each round (no JavaScript needed). */
export function RoundPicker({ frame, view, round }: { frame: PublicFrame; view: "round" | "standings" | "crosstable"; round: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (frame.rounds < 2) return null;
  return (
    <nav className="round-picker" aria-label={t("public.roundPicker")}>
      <span>{t("rounds.round")}:</span>
      {Array.from({ length: frame.rounds }, (_, i) => i + 1).map((r) => (
        <Link key={r} to={to(publicPath(frame, view, r))} aria-current={r === round ? "page" : undefined} aria-label={t("rounds.title", { round: r })}>
          {r}
        </Link>
      ))}
    </nav>
  );
}

/** A player's name with title, linking to the player's page. */
export function PlayerLink({ frame, player }: { frame: PublicFrame; player: { snr: number; name: string; title: string | null } }) {
  const to = useLocalePath();
  return (
    <Link to={to(publicPath(frame, "player", player.snr))}>
      {player.title ? <abbr className="title">{player.title} </abbr> : null}
      {player.name}
    </Link>
  );
}

/** The games password form (spec §2 "unlock-games dialog"); without JavaScript a plain form. */
export function UnlockGames({ error }: { error?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="inline-form unlock">
      <label htmlFor="games-password">{t("public.password")}</label>
      <input id="games-password" name="password" type="password" maxLength={100} required autoComplete="off" />
      <button type="submit">{t("public.unlock")}</button>
      {error ? <FormError errors={[error]} /> : null}
    </Form>
  );
}

type Side = { snr: number; name: string; title: string | null; rating: number | null; points: number } | null;
type Board = { board: number; white: Side; black: Side; result: string; winner: "white" | "black" | null; hasMoves: boolean };

/** A round's boards: board, White (points), result, Black (points); a game link where its moves may be shown. */
export function PublicPairings({ frame, round, boards, gamesVisible }: { frame: PublicFrame; round: number; boards: Board[]; gamesVisible: boolean }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const side = (player: Side) =>
    player ? (
      <>
        <PlayerLink frame={frame} player={player} /> <span className="points">({formatPoints(player.points, i18n.language)})</span>
      </>
    ) : (
      t("rounds.bye")
    );
  return (
    <div className="table-scroll">
      <table className="pairings public-pairings">
        <thead>
          <tr>
            <th>{t("rounds.board")}</th>
            <th>{t("rounds.white")}</th>
            <th>{t("rounds.result")}</th>
            <th>{t("rounds.black")}</th>
          </tr>
        </thead>
        <tbody>
          {boards.map((b) => (
            <tr key={b.board}>
              <td>{b.board}</td>
              <td className="name">{side(b.white)}</td>
              <td className="result">
                {!b.black ? t("rounds.byeResult") : gamesVisible && b.hasMoves ? <Link to={to(publicPath(frame, "game", round, b.board))}>{t(`results.${b.result}`)}</Link> : t(`results.${b.result}`)}
                {b.winner ? <span className="hint"> {t("public.goesThrough", { name: (b.winner === "white" ? b.white : b.black)?.name })}</span> : null}
              </td>
              <td className="name">{b.black ? side(b.black) : t("rounds.bye")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the visitor may see of the games: nothing (not published), the password form, or the PGN of the round. */
export function GamesAccess({ gamesAllowed, needsPassword, error, pgn }: { gamesAllowed: boolean; needsPassword: boolean; error?: string; pgn?: { href: string; label: string } }) {
  const { t } = useTranslation();
  if (!gamesAllowed) return <p className="hint">{t("public.gamesHidden")}</p>;
  if (needsPassword) return <UnlockGames error={error} />;
  return pgn ? (
    <p className="actions">
      <a className="button" href={pgn.href} download>
        {pgn.label}
      </a>
    </p>
  ) : null;
}

/** The meta description of a public tournament page. */
export function tournamentDescription(t: TFunction, data: { frame: PublicFrame }): string {
  return t("meta.tournament", { tournament: data.frame.tournament.name, event: data.frame.event.name });
}

/** A standings row's score (bold) and its tiebreak values, in the order of the headers. */
export function ScoreCells({ score, tiebreaks, headers }: { score: number; tiebreaks: number[]; headers: string[] }) {
  const { i18n } = useTranslation();
  return (
    <>
      <td>
        <strong>{formatPoints(score, i18n.language)}</strong>
      </td>
      {tiebreaks.map((value, i) => (
        <td key={headers[i]}>{formatPoints(value, i18n.language)}</td>
      ))}
    </>
  );
}

/** An event's or tournament's links (they lead off the site). */
export function LinkList({ links }: { links: { link: string; text: string }[] }) {
  if (!links.length) return null;
  return (
    <ul className="links">
      {links.map((l) => (
        <li key={l.link}>
          <a href={l.link} rel="nofollow noopener noreferrer" target="_blank">
            {l.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
