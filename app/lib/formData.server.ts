import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

/** The submitted form, with uploaded files (kept in memory, at most `maxBytes` each) when it is multipart. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return request.formData();
  return unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: maxBytes })).catch(() => null);
}

/** The text of an uploaded file field ("" when none was chosen). */
export async function uploadedText(formData: FormData | null, field = "file"): Promise<{ name: string; text: string }> {
  const file = formData?.get(field);
  if (!(file instanceof File) || file.size === 0) return { name: "", text: "" };
  return { name: file.name, text: await file.text() };
}
