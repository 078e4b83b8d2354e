import { describe, expect, it } from "vitest";
import { splitStatements } from "./migrate.server";

describe("migration scripts", () => {
  it("splits Prisma's generated SQL into statements without comments", () => {
    const sql = `-- CreateEnum\nCREATE TYPE "A" AS ENUM ('x', 'y');\n\n-- CreateTable\nCREATE TABLE "t" (\n  "id" SERIAL NOT NULL\n);\n`;
    expect(splitStatements(sql)).toEqual([`CREATE TYPE "A" AS ENUM ('x', 'y')`, `CREATE TABLE "t" (\n  "id" SERIAL NOT NULL\n)`]);
  });
});
