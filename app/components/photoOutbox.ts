import { openDB } from "idb";

/**
 * Photos taken without a connection, kept on the phone (IndexedDB) until they can be sent (issue
 * 15). A photo leaves the outbox once the server has answered for it: stored, refused, or known
 * already (the server recognises a photo it has by its content, so a photo sent twice because an
 * answer was lost is stored once).
 */
export type PendingPhoto = { id?: number; url: string; fields: [string, string][]; name: string; blob: Blob; created: number };

const database = () =>
  openDB("kiebitz-scan", 1, {
    upgrade(db) {
      db.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
    },
  });

export async function keepPhoto(photo: Omit<PendingPhoto, "id">): Promise<void> {
  await (await database()).add("outbox", photo);
}

export async function pendingPhotos(): Promise<PendingPhoto[]> {
  return (await database()).getAll("outbox");
}

export async function dropPhoto(id: number): Promise<void> {
  await (await database()).delete("outbox", id);
}
