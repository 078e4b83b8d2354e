import { fixedT } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { localizePath } from "~/lib/locale";
import { sendMail } from "~/lib/mail.server";

/** The account e-mails, each in the user's language, with a link back to the right page. */
type AccountMail = "confirm" | "resetPassword" | "deleteAccount";

const LINK_PATH: Record<AccountMail, string> = {
  confirm: "/confirm",
  resetPassword: "/resetPassword",
  deleteAccount: "/confirmDeletion",
};

export async function sendAccountMail(
  kind: AccountMail,
  user: { email: string; username: string; locale: string },
  key: string,
): Promise<void> {
  const language: Language = isLanguage(user.locale) ? user.locale : "en";
  const t = await fixedT(language);
  const link = `${config().publicUrl}${localizePath(LINK_PATH[kind], language)}?${new URLSearchParams({ code: key })}`;
  await sendMail({
    to: user.email,
    subject: t(`mail.${kind}.subject`),
    text: t(`mail.${kind}.body`, { name: user.username, link }),
  });
}
