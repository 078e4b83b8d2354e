import path from "node:path";
import { z } from "zod";

/**
 * Configuration from environment variables, validated once at start-up.
 * With nothing set, Kiebitz runs on one machine: embedded PostgreSQL (PGlite) and
 * e-mails written to a local outbox folder.
 */
const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const schema = z
  .object({
    APP_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: optional.pipe(z.url({ message: "must be an absolute URL such as https://kiebitz.example" }).optional()),
    SESSION_SECRET: optional,
    DATABASE_URL: optional.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, "must start with postgresql://").optional(),
    ),
    DATA_DIR: z.string().default("data"),
    SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
    MAIL_FROM: z.string().default("Kiebitz <no-reply@kiebitz.local>"),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production") {
      for (const key of ["SESSION_SECRET", "DATABASE_URL", "PUBLIC_URL", "SMTP_URL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when APP_ENV=production" });
      }
    }
    if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "must be at least 32 characters" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
  });

export type Config = {
  appEnv: "development" | "production" | "test";
  port: number;
  publicUrl: string;
  sessionSecret: string;
  database: { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };
  outboxDir: string;
  smtpUrl?: string;
  mailFrom: string;
  google?: { clientId: string; clientSecret: string };
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee README.md, section "Configuration".`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret: e.SESSION_SECRET ?? "kiebitz-development-secret-not-for-production",
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "embedded", dir: path.join(dataDir, "db") },
    outboxDir: path.join(dataDir, "outbox"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
  };
}

let cached: Config | undefined;

/** The process-wide configuration (parsed on first use, i.e. at start-up). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
