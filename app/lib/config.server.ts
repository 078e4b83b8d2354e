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
    /** where the contact form's messages go (default: MAIL_FROM) */
    CONTACT_EMAIL: optional.pipe(z.email({ message: "must be an e-mail address" }).optional()),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    MINIO_ENDPOINT: optional.pipe(z.url({ message: "must be a URL such as http://minio:9000" }).optional()),
    MINIO_ACCESS_KEY: optional,
    MINIO_SECRET_KEY: optional,
    MINIO_BUCKET: z.string().default("kiebitz-sheets"),
    TEMPORAL_ADDRESS: optional.pipe(z.string().regex(/^[^\s:]+:\d+$/, "must be host:port, e.g. temporal:7233").optional()),
    TEMPORAL_NAMESPACE: z.string().default("default"),
    TEMPORAL_TASK_QUEUE: z.string().default("sheet-reading"),
    SHEETS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(100_000).default(1),
    SHEET_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
    SHEET_QUOTA_UPGRADED_MB: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** another Stripe API address (a local stub or stripe-mock in tests) */
    STRIPE_API_URL: optional.pipe(z.url({ message: "must be a URL such as http://127.0.0.1:12111" }).optional()),
    UPGRADE_PRICE_CENTS: z.coerce.number().int().min(50).max(1_000_000).default(1900),
    UPGRADE_CURRENCY: z.string().regex(/^[a-z]{3}$/, "must be a currency code such as eur").default("eur"),
    /** "true": the cookie banner covers the page until the visitor chooses (spec §2 "forced open") */
    COOKIE_CONSENT_FORCED: z.enum(["true", "false"]).default("false"),
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
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together" });
    }
    if (env.MINIO_ENDPOINT && (!env.MINIO_ACCESS_KEY || !env.MINIO_SECRET_KEY)) {
      ctx.addIssue({ code: "custom", path: ["MINIO_ACCESS_KEY"], message: "MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required with MINIO_ENDPOINT" });
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
  contactEmail: string;
  google?: { clientId: string; clientSecret: string };
  consentForced: boolean;
  /** the paid upgrade (Stripe Checkout); absent: payments are not set up */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string; priceCents: number; currency: string };
  /** Where score-sheet photos are kept: a folder by default, MinIO (S3) in production. */
  sheetStorage:
    | { kind: "disk"; dir: string }
    | { kind: "minio"; endPoint: string; port: number; useSSL: boolean; accessKey: string; secretKey: string; bucket: string };
  /** Temporal cluster that runs the sheet-reading workflow; without it sheets are read in-process. */
  temporal?: { address: string; namespace: string; taskQueue: string };
  /** Sheets the app has in reading at once: 1 in-process, by default 16 on a Temporal fleet. */
  sheetsInFlight: number;
  /** A vision worker: sheets it reads at once, and the port of its /health and /metrics (0: none). */
  worker: { concurrency: number; healthPort: number };
  /** Reverse proxies in front of the app whose X-Forwarded-For is trusted for the client address (0: none). */
  trustProxy: number;
  /** Multiplies every rate limit (tests that sign in many times from one address set it high). */
  rateLimitMultiplier: number;
  /** Bytes of score-sheet photos a tournament may keep, and an upgraded one. */
  sheetQuota: { bytes: number; upgradedBytes: number };
};

function minioConfig(e: z.infer<typeof schema>): Config["sheetStorage"] | undefined {
  if (!e.MINIO_ENDPOINT || !e.MINIO_ACCESS_KEY || !e.MINIO_SECRET_KEY) return undefined;
  const url = new URL(e.MINIO_ENDPOINT);
  const useSSL = url.protocol === "https:";
  return {
    kind: "minio",
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: e.MINIO_ACCESS_KEY,
    secretKey: e.MINIO_SECRET_KEY,
    bucket: e.MINIO_BUCKET,
  };
}

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
    contactEmail: e.CONTACT_EMAIL ?? e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    sheetStorage: minioConfig(e) ?? { kind: "disk", dir: path.join(dataDir, "sheets") },
    temporal: e.TEMPORAL_ADDRESS
      ? { address: e.TEMPORAL_ADDRESS, namespace: e.TEMPORAL_NAMESPACE, taskQueue: e.TEMPORAL_TASK_QUEUE }
      : undefined,
    sheetsInFlight: e.SHEETS_IN_FLIGHT ?? (e.TEMPORAL_ADDRESS ? 16 : 1),
    worker: { concurrency: e.WORKER_CONCURRENCY, healthPort: e.WORKER_HEALTH_PORT },
    trustProxy: e.TRUST_PROXY,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    sheetQuota: { bytes: e.SHEET_QUOTA_MB * 1024 * 1024, upgradedBytes: e.SHEET_QUOTA_UPGRADED_MB * 1024 * 1024 },
    consentForced: e.COOKIE_CONSENT_FORCED === "true",
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL, priceCents: e.UPGRADE_PRICE_CENTS, currency: e.UPGRADE_CURRENCY }
        : undefined,
  };
}

let cached: Config | undefined;

/** The process-wide configuration (parsed on first use, i.e. at start-up). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
