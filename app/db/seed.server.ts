import type { Db } from "./client.server";
import { ROLE_ADMIN, ROLE_USER } from "~/auth/accounts.server";
import { hashPassword } from "~/auth/password.server";
import { newKey } from "~/auth/tokens.server";

export const DEV_ADMIN = { email: "admin@kiebitz.local", password: "Kiebitz-Admin-1", username: "Admin" };

export type SeedReport = { registrationCode?: string; admin?: string };

/**
 * Idempotent seed: the roles, one unused registration code when none is left, and in
 * development an admin account. Returns what it created so the caller can print it.
 */
export async function seed(db: Db, appEnv: string): Promise<SeedReport> {
  const report: SeedReport = {};
  const [admin] = await Promise.all(
    [ROLE_ADMIN, ROLE_USER].map((name) => db.role.upsert({ where: { name }, create: { name }, update: {} })),
  );
  if ((await db.registerCode.count({ where: { used: false } })) === 0) {
    const code = newKey().slice(0, 12);
    await db.registerCode.create({ data: { code } });
    report.registrationCode = code;
  }
  if (appEnv === "development" && !(await db.user.findUnique({ where: { email: DEV_ADMIN.email } }))) {
    await db.user.create({
      data: {
        email: DEV_ADMIN.email,
        username: DEV_ADMIN.username,
        password: await hashPassword(DEV_ADMIN.password),
        roleId: admin.id,
        confirmed: true,
      },
    });
    report.admin = `${DEV_ADMIN.email} / ${DEV_ADMIN.password}`;
  }
  return report;
}
