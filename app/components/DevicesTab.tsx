import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { FormError } from "./Field";
import { IntentButton } from "./IntentButton";
import { useLocalePath } from "./Shell";

type Code = { key: string; expires: string; url: string; qr: string };
type Device = { deviceId: number; deviceType: string; deviceName: string; created: string };
type ViewCode = { code: string; type: "TOURNAMENT" | "GAMES"; devices: number; created: string };

/**
 * The Linked Devices tab (spec §2): connection codes with their expiry and a QR view each (at most
 * three active), and the devices linked to the tournament (at most three), each removable.
 */
export function DevicesTab({ codes, devices, views, error }: { codes: Code[]; devices: Device[]; views: ViewCode[]; error?: string }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const when = (iso: string) => formatDateTime(iso, i18n.language === "de" ? "de" : "en");
  return (
    <>
      <h2>{t("devices.codes")}</h2>
      <p className="hint">{t("devices.codesHint")}</p>
      {error ? <FormError errors={[error]} /> : null}
      {codes.length === 0 ? (
        <p className="empty">{t("devices.noCodes")}</p>
      ) : (
        <table className="codes">
          <thead>
            <tr>
              <th>{t("devices.code")}</th>
              <th>{t("devices.expires")}</th>
              <th>{t("devices.qr")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.key}>
                <td>
                  <code className="connection-code">{code.key}</code>
                </td>
                <td>{when(code.expires)} UTC</td>
                <td>
                  <details>
                    <summary>{t("devices.showQr")}</summary>
                    <div className="qr" role="img" aria-label={t("devices.qrOf", { url: code.url })} dangerouslySetInnerHTML={{ __html: code.qr }} />
                    <p className="hint">{code.url}</p>
                  </details>
                </td>
                <td>
                  <IntentButton intent="deleteCode" values={{ code: code.key }}>
                    {t("devices.deleteCode")}
                  </IntentButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <IntentButton intent="createCode" values={{}} className="primary">
        {t("devices.createCode")}
      </IntentButton>
      <p>
        <a href={to("/connect")}>{t("devices.connectPage")}</a>
      </p>
      <h2>{t("devices.linked")}</h2>
      {devices.length === 0 ? (
        <p className="empty">{t("devices.empty")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t("devices.type")}</th>
              <th>{t("devices.name")}</th>
              <th>{t("devices.added")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.deviceId}>
                <td>{device.deviceType}</td>
                <td className="name">{device.deviceName}</td>
                <td>{when(device.created)} UTC</td>
                <td>
                  <IntentButton intent="removeDevice" values={{ device: device.deviceId }} className="danger">
                    {t("devices.remove")}
                  </IntentButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ViewCodes views={views} />
    </>
  );
}

/** View codes (spec §3, §6): read-only access to the tournament for whoever the organiser gives one to. */
function ViewCodes({ views }: { views: ViewCode[] }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  return (
    <>
      <h2>{t("viewCodes.heading")}</h2>
      <p className="hint">{t("viewCodes.hint")}</p>
      {views.length === 0 ? (
        <p className="empty">{t("viewCodes.none")}</p>
      ) : (
        <ul className="rule-list view-codes">
          {views.map((view) => (
            <li key={view.code}>
              <span>
                <code className="connection-code">{view.code}</code> · {t(`viewCodes.types.${view.type}`)} · {t("viewCodes.used", { count: view.devices })} ·{" "}
                {formatDateTime(view.created, i18n.language === "de" ? "de" : "en")} UTC · <a href={to(`/view/${view.code}`)}>{to(`/view/${view.code}`)}</a>
              </span>
              <IntentButton intent="revokeViewCode" values={{ code: view.code }} className="danger">
                {t("viewCodes.revoke")}
              </IntentButton>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="createViewCode" />
        <label htmlFor="view-code-type">{t("viewCodes.type")}</label>
        <select id="view-code-type" name="type" defaultValue="TOURNAMENT">
          <option value="TOURNAMENT">{t("viewCodes.types.TOURNAMENT")}</option>
          <option value="GAMES">{t("viewCodes.types.GAMES")}</option>
        </select>
        <button type="submit">{t("viewCodes.create")}</button>
      </Form>
    </>
  );
}
