import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect } from "react";
import type {} from "altcha";
import { useTranslation } from "react-i18next";
import { FieldError } from "./Field";

/**
 * The bot check of a form (app/auth/botCheck.server.ts): the proof-of-work widget, solved by the
 * browser when JavaScript runs; the CAPTCHA image in its place when it does not; and a honeypot
 * field that people never see.
 */
export function BotCheck({
  challenge,
  captcha,
  captchaId,
}: {
  challenge: { captcha: { id: string; svg: string }; proofOfWork: string };
  captcha: FieldMetadata<string | undefined>;
  captchaId: FieldMetadata<string | undefined>;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    void import("altcha");
  }, []);
  const strings = JSON.stringify({
    label: t("botCheck.label"),
    verifying: t("botCheck.verifying"),
    verified: t("botCheck.verified"),
    error: t("botCheck.error"),
    expired: t("botCheck.expired"),
    waitAlert: t("botCheck.verifying"),
    ariaLinkLabel: t("botCheck.label"),
  });
  return (
    <div className="field bot-check" key={challenge.proofOfWork}>
      <altcha-widget challengejson={challenge.proofOfWork} name="altcha" auto="onload" strings={strings} hidelogo hidefooter />
      <noscript>
        <label htmlFor={captcha.id}>{t("fields.captcha")}</label>
        <div className="captcha" role="img" aria-label={t("signUp.captchaImage")} dangerouslySetInnerHTML={{ __html: challenge.captcha.svg }} />
        <input type="hidden" name={captchaId.name} value={challenge.captcha.id} />
        <input {...getInputProps(captcha, { type: "text" })} key={`answer-${challenge.captcha.id}`} autoComplete="off" />
      </noscript>
      <FieldError id={captcha.errorId} errors={captcha.errors} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="website">{t("botCheck.honeypot")}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </div>
  );
}
