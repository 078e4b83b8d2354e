import { parseWithZod } from "@conform-to/zod/v4";
import { db } from "~/db/client.server";
import type { Tournament } from "~/generated/prisma/client";
import { uploadSchema } from "~/forms/sheets";
import { readFormData } from "~/lib/formData.server";
import { sheetService } from "./service.server";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD, quotaOf, uploadSheets, type UploadReport } from "./sheets.server";

export type UploadAnswer = { status: number; error?: string; fieldErrors?: Record<string, string[]>; report?: UploadReport };

/**
 * An upload of score-sheet photos from the sheet list, the tournament's drawer or the scanning
 * page (multipart, field `photos`, one or many): validated, stored, queued, and the queue woken.
 */
export async function receiveUpload(request: Request, tournament: Tournament): Promise<UploadAnswer> {
  const formData = await readFormData(request, MAX_PHOTO_BYTES);
  if (!formData) return { status: 413, error: "sheets.tooLarge" };
  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    return { status: 400, fieldErrors: Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, value ?? []])) };
  }
  const files = formData.getAll("photos").filter((file): file is File => file instanceof File && (file.size > 0 || file.name !== ""));
  if (files.length === 0) return { status: 400, fieldErrors: { photos: ["sheets.choosePhotos"] } };
  if (files.length > MAX_PHOTOS_PER_UPLOAD) return { status: 400, fieldErrors: { photos: ["sheets.tooManyPhotos"] } };
  const photos = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  const { storage, quota, queue } = sheetService();
  const { notation, round, board } = submission.value;
  const stored = await uploadSheets(db(), storage, tournament, photos, { quota: quotaOf(tournament, quota), notation, given: { round, board } });
  if (!stored.ok) return { status: 413, error: stored.error, report: stored.report };
  if (stored.report.stored > 0) queue.wake();
  const refusedAll = stored.report.stored === 0 && stored.report.refused.length > 0;
  return { status: refusedAll ? 400 : 200, report: stored.report };
}
