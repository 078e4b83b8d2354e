import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { db } from "~/db/client.server";
import { config } from "~/lib/config.server";
import { signInWithGoogle, verifySignIn } from "./accounts.server";
import { sessionStorage } from "./session.server";

/** remix-auth with e-mail/password and, when its keys are configured, Google. The session holds the user id. */
export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

let authenticator: Authenticator<number> | undefined;

export function auth(): Authenticator<number> {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<number>(sessionStorage(), { sessionKey: "userId" });
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const result = await verifySignIn(db(), String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (!result.ok) throw new AuthorizationError(result.error);
      return result.value.id;
    }),
    "password",
  );
  const { google, publicUrl } = config();
  if (google) {
    authenticator.use(
      new GoogleStrategy(
        { clientID: google.clientId, clientSecret: google.clientSecret, callbackURL: publicUrl + GOOGLE_CALLBACK_PATH },
        async ({ profile }) => {
          const email = profile.emails[0]?.value ?? "";
          const result = await signInWithGoogle(db(), profile.id, email);
          if (!result.ok) throw new AuthorizationError(result.error);
          return result.value.id;
        },
      ),
      "google",
    );
  }
  return authenticator;
}
