import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration from the environment", () => {
  it("runs with nothing set: embedded database in ./data/db, outbox mail, development", () => {
    const config = parseConfig({});
    expect(config.appEnv).toBe("development");
    expect(config.database).toEqual({ kind: "embedded", dir: expect.stringMatching(/data\/db$/) });
    expect(config.outboxDir).toMatch(/data\/outbox$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.google).toBeUndefined();
  });

  it("payments: no Stripe keys, no upgrade for sale; a secret key without the webhook secret is refused", () => {
    expect(parseConfig({}).stripe).toBeUndefined();
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
    expect(parseConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", UPGRADE_PRICE_CENTS: "2500" }).stripe).toEqual({
      secretKey: "sk_test_x", webhookSecret: "whsec_x", apiUrl: undefined, priceCents: 2500, currency: "eur",
    });
    expect(parseConfig({ COOKIE_CONSENT_FORCED: "true" }).consentForced).toBe(true);
  });

  it("uses a PostgreSQL server when DATABASE_URL is set", () => {
    expect(parseConfig({ DATABASE_URL: "postgresql://u@db:5432/kiebitz" }).database).toEqual({
      kind: "postgres",
      url: "postgresql://u@db:5432/kiebitz",
    });
  });

  it("names every missing production variable in one clear message", () => {
    expect(() => parseConfig({ APP_ENV: "production" })).toThrowError(ConfigError);
    try {
      parseConfig({ APP_ENV: "production", SESSION_SECRET: "short" });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain("SESSION_SECRET: must be at least 32 characters");
      expect(text).toContain("DATABASE_URL: is required when APP_ENV=production");
      expect(text).toContain("PUBLIC_URL: is required when APP_ENV=production");
      expect(text).toContain("SMTP_URL: is required when APP_ENV=production");
    }
  });

  it("rejects malformed values and half a Google configuration", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL: must start with postgresql:\/\//);
    expect(() => parseConfig({ PORT: "abc" })).toThrowError(/PORT/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: "id" })).toThrowError(/must be set together/);
    expect(parseConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({ clientId: "id", clientSecret: "s" });
  });

  it("keeps sheets in a folder and reads them in-process by default; MinIO and Temporal when configured", () => {
    const plain = parseConfig({});
    expect(plain.sheetStorage).toEqual({ kind: "disk", dir: expect.stringMatching(/data\/sheets$/) });
    expect(plain.temporal).toBeUndefined();
    const production = parseConfig({
      MINIO_ENDPOINT: "http://minio:9000",
      MINIO_ACCESS_KEY: "kiebitz",
      MINIO_SECRET_KEY: "secret",
      TEMPORAL_ADDRESS: "temporal:7233",
    });
    expect(production.sheetStorage).toEqual({ kind: "minio", endPoint: "minio", port: 9000, useSSL: false, accessKey: "kiebitz", secretKey: "secret", bucket: "kiebitz-sheets" });
    expect(production.temporal).toEqual({ address: "temporal:7233", namespace: "default", taskQueue: "sheet-reading" });
    // in-process one sheet at a time; on a fleet the app waits on many workflows at once
    expect(plain.sheetsInFlight).toBe(1);
    expect(production.sheetsInFlight).toBe(16);
    expect(parseConfig({ TEMPORAL_ADDRESS: "temporal:7233", SHEETS_IN_FLIGHT: "40" }).sheetsInFlight).toBe(40);
    expect(plain.worker).toEqual({ concurrency: 1, healthPort: 9464 });
    expect(() => parseConfig({ WORKER_CONCURRENCY: "0" })).toThrowError(/WORKER_CONCURRENCY/);
  });

  it("says which MinIO keys are missing and what a Temporal address looks like", () => {
    expect(() => parseConfig({ MINIO_ENDPOINT: "http://minio:9000" })).toThrowError(/MINIO_ACCESS_KEY: MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required/);
    expect(() => parseConfig({ TEMPORAL_ADDRESS: "temporal" })).toThrowError(/TEMPORAL_ADDRESS: must be host:port/);
  });
});
