import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { built, MINIO_BIN, MINIO_KEYS, startMinio } from "../../tests/integration/services";
import { checkKey, diskStorage, minioStorage, type SheetStorage } from "./storage.server";

let folder: string;
let s3: S3rver;
let port: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "kiebitz-storage-"));
  // an S3-compatible server on loopback stands in for MinIO (none can run here)
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(folder, "s3") });
  const address = (await s3.run()) as AddressInfo;
  port = address.port;
});

afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

async function roundTrip(storage: SheetStorage) {
  const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  await storage.put("tournament-7/sheet-1.jpg", photo, "image/jpeg");
  expect(Buffer.compare(await storage.get("tournament-7/sheet-1.jpg"), photo)).toBe(0);
  await storage.remove("tournament-7/sheet-1.jpg");
  await expect(storage.get("tournament-7/sheet-1.jpg")).rejects.toThrow();
  // a deleted tournament's folder goes whole, its neighbour stays
  await storage.put("t7/a.jpg", photo);
  await storage.put("t7/b.jpg", photo);
  await storage.put("t70/a.jpg", photo);
  await storage.removeFolder("t7");
  await expect(storage.get("t7/a.jpg")).rejects.toThrow();
  await expect(storage.get("t7/b.jpg")).rejects.toThrow();
  expect(Buffer.compare(await storage.get("t70/a.jpg"), photo)).toBe(0);
}

describe("sheet storage", () => {
  it("keeps photos in a folder by default", async () => {
    await roundTrip(diskStorage(path.join(folder, "disk")));
  });

  it.skipIf(!built(MINIO_BIN, "MinIO"))("keeps photos in a real MinIO server, creating the bucket on first use", async () => {
    const minio = await startMinio();
    try {
      await roundTrip(minioStorage({ kind: "minio", endPoint: "127.0.0.1", port: minio.port, useSSL: false, ...MINIO_KEYS, bucket: "kiebitz-sheets" }));
    } finally {
      await minio.stop();
    }
  }, 60_000);

  it("keeps photos in an S3 bucket through the MinIO client (s3rver, an S3 server in Node), creating the bucket on first use", async () => {
    await roundTrip(minioStorage({ kind: "minio", endPoint: "127.0.0.1", port, useSSL: false, accessKey: "S3RVER", secretKey: "S3RVER", bucket: "kiebitz-sheets" }));
  });

  it("refuses keys that could leave the storage folder", () => {
    for (const key of ["../etc/passwd", "/abs", "a/../../b", "", "a//b", "sheet 1.jpg"]) expect(() => checkKey(key)).toThrow(/invalid storage key/);
    expect(checkKey("readings/t-1/sheet-2.jpg.json")).toBe("readings/t-1/sheet-2.jpg.json");
  });
});
