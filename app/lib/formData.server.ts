import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { decodeText } from "./encoding";

/**
 * The submitted form, with uploaded files (kept in memory, at most `maxBytes` each) when it is
 * multipart; null when a part is too large. A body of another type (JSON, text) carries no form
 * fields: it reads as an empty form, so that the form's own checks answer, not a server error.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) return request.formData();
  if (!type.startsWith("multipart/form-data")) return new FormData();
  return unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: maxBytes })).catch(() => null);
}

/** The text of an uploaded file field ("" when none was chosen), in UTF-8 or Latin-1 as its bytes say. */
export async function uploadedText(formData: FormData | null, field = "file"): Promise<{ name: string; text: string }> {
  const file = formData?.get(field);
  if (!(file instanceof File) || file.size === 0) return { name: "", text: "" };
  return { name: file.name.slice(0, 200), text: decodeText(new Uint8Array(await file.arrayBuffer())) };
}
