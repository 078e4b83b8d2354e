import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "minio";
import type { Config } from "~/lib/config.server";

/** Where score-sheet photos and the reader's intermediate results are kept, by key. */
export type SheetStorage = {
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Removes every object under a folder-like prefix (`t12/`): the photos of a deleted tournament. */
  removeFolder(prefix: string): Promise<void>;
};

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain names: nothing that could leave the storage folder. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((part) => part === "..")) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export function diskStorage(dir: string): SheetStorage {
  const file = (key: string) => path.join(dir, checkKey(key));
  return {
    async put(key, bytes) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
    },
    get: (key) => readFile(file(key)),
    remove: (key) => rm(file(key), { force: true }),
    removeFolder: (prefix) => rm(file(prefix.replace(/\/$/, "")), { recursive: true, force: true }),
  };
}

export function minioStorage(options: Extract<Config["sheetStorage"], { kind: "minio" }>): SheetStorage {
  const client = new Client({ endPoint: options.endPoint, port: options.port, useSSL: options.useSSL, accessKey: options.accessKey, secretKey: options.secretKey });
  let bucket: Promise<void> | null = null;
  // checked once; a check that failed (MinIO away) is tried again on the next call
  const ensureBucket = () =>
    (bucket ??= client
      .bucketExists(options.bucket)
      .then(async (exists) => {
        if (!exists) await client.makeBucket(options.bucket);
      })
      .catch((error: unknown) => {
        bucket = null;
        throw error;
      }));
  return {
    async put(key, bytes, contentType = "application/octet-stream") {
      await ensureBucket();
      await client.putObject(options.bucket, checkKey(key), Buffer.from(bytes), bytes.length, { "Content-Type": contentType });
    },
    async get(key) {
      const stream = await client.getObject(options.bucket, checkKey(key));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await client.removeObject(options.bucket, checkKey(key));
    },
    async removeFolder(prefix) {
      await ensureBucket();
      const names: string[] = [];
      for await (const item of client.listObjectsV2(options.bucket, `${checkKey(prefix.replace(/\/$/, ""))}/`, true)) if (item.name) names.push(item.name);
      if (names.length) await client.removeObjects(options.bucket, names);
    },
  };
}

export function sheetStorage(settings: Config["sheetStorage"]): SheetStorage {
  return settings.kind === "disk" ? diskStorage(settings.dir) : minioStorage(settings);
}
