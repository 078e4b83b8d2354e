import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/db/migrate.server";
import { DEV_ADMIN, seed } from "~/db/seed.server";
import { serverDatabase, type TestDatabase } from "./databases";

describe("migrations and seed on the PostgreSQL server", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await serverDatabase();
  });
  afterAll(async () => test?.close());

  it("records each applied migration as prisma migrate deploy does", async () => {
    const rows = await test.db.$queryRawUnsafe<{ migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date | null }[]>(
      `SELECT migration_name, checksum, applied_steps_count, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const sql = readFileSync(path.join(MIGRATIONS_DIR, rows[0].migration_name, "migration.sql"), "utf8");
    expect(rows[0]).toMatchObject({
      migration_name: "20261122220000_init",
      checksum: createHash("sha256").update(sql).digest("hex"),
      applied_steps_count: 1,
    });
    expect(rows[0].finished_at).toBeInstanceOf(Date);
    expect(await migrate(test.db)).toEqual([]);
  });

  it("creates the roles, a registration code, and a development admin once", async () => {
    const first = await seed(test.db, "development");
    expect(first.registrationCode).toMatch(/^[\w-]{12}$/);
    expect(first.admin).toBe(`${DEV_ADMIN.email} / ${DEV_ADMIN.password}`);
    expect(await seed(test.db, "development")).toEqual({});
    expect((await test.db.role.findMany({ orderBy: { name: "asc" } })).map((role) => role.name)).toEqual(["Admin", "User"]);
    const admin = await test.db.user.findUniqueOrThrow({ where: { email: DEV_ADMIN.email }, include: { role: true } });
    expect(admin.role.name).toBe("Admin");
    expect(await test.db.registerCode.count({ where: { used: false } })).toBe(1);
  });

  it("refuses two events of the same name for one organiser", async () => {
    const admin = await test.db.user.findUniqueOrThrow({ where: { email: DEV_ADMIN.email } });
    await test.db.event.create({ data: { creatorId: admin.id, name: "Spring Open", slug: "Spring-Open" } });
    await expect(test.db.event.create({ data: { creatorId: admin.id, name: "Spring Open", slug: "Spring-Open" } })).rejects.toMatchObject({ code: "P2002" });
  });
});
