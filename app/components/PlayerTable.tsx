import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The participants of a tournament with their starting numbers. */
export function PlayerTable({ players, editPath }: { players: { id: number; snr: number; name: string; title: string | null; elo: number | null; nwz: number | null; club: string | null; country: string | null; active: boolean }[]; editPath?: (id: number) => string }) {
  const { t } = useTranslation();
  if (players.length === 0) return <p className="empty">{t("players.empty")}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>{t("players.snr")}</th>
          <th>{t("players.name")}</th>
          <th>{t("players.title")}</th>
          <th>{t("players.elo")}</th>
          <th>{t("players.nwz")}</th>
          <th>{t("players.club")}</th>
          <th>{t("players.country")}</th>
          <th>{t("players.active")}</th>
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr key={p.id}>
            <td>{p.snr}</td>
            <td className="name">{editPath ? <Link to={editPath(p.id)}>{p.name}</Link> : p.name}</td>
            <td>{p.title}</td>
            <td>{p.elo}</td>
            <td>{p.nwz}</td>
            <td className="name">{p.club}</td>
            <td>{p.country}</td>
            <td>{t(p.active ? "admin.yes" : "admin.no")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

