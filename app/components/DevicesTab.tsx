import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { FormError } from "./Field";
import { IntentButton } from "./IntentButton";
import { useLocalePath } from "./Shell";

type Code = { key: string; expires: string; url: string; qr: string };
type Device = { deviceId: number; deviceType: string; deviceName: string; created: string };

/**
 * The Linked Devices tab (spec §2): connection codes with their expiry and a QR view each (at most
 * three active), and the devices linked to the tournament (at most three), each removable.
 */
export function DevicesTab({ codes, devices, error }: { codes: Code[]; devices: Device[]; error?: string }) {
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
                <td>{device.deviceName}</td>
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
    </>
  );
}
