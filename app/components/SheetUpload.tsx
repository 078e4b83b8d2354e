import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { NOTATIONS } from "~/forms/organiser";
import type { UploadAnswer } from "~/sheets/receive.server";
import { FieldError, FormError } from "./Field";
import { dropPhoto, keepPhoto, pendingPhotos } from "./photoOutbox";
import { LiveCamera } from "./LiveCamera";

/** While sheets are being read, the page asks for their states every two seconds (with JavaScript). */
export function useReadingProgress(active: boolean) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator);
  state.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state.current.state === "idle") state.current.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active]);
}

type FileProgress = { name: string; share: number; outcome?: string };

/** Posts one photo to the upload route, reporting progress; resolves with the route's answer (status 0: no connection). */
function sendPhoto(url: string, fields: Iterable<[string, FormDataEntryValue]>, file: File, onProgress: (share: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    for (const [key, value] of fields) if (key !== "photos") body.append(key, value);
    body.append("photos", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText) as UploadAnswer);
      } catch {
        resolve({ status: request.status, error: request.status === 413 ? "sheets.tooLarge" : "sheets.uploadFailed" });
      }
    };
    request.onerror = () => resolve({ status: 0, error: "error.serverUnreachable" });
    request.send(body);
  });
}

function outcomeOf(answer: UploadAnswer): string {
  if (answer.error) return answer.error;
  const firstField = Object.values(answer.fieldErrors ?? {})[0]?.[0];
  if (firstField) return firstField;
  if (answer.report?.refused[0]) return answer.report.refused[0].error;
  if (answer.report?.duplicates.length) return "sheets.duplicate";
  return "sheets.stored";
}

/**
 * Upload of score-sheet photos (spec §2 drawer and sheet list): a multipart form that works
 * without JavaScript; with it, photos can be dropped on it and each is sent on its own with a
 * progress bar, and the list refreshes as they are read.
 */
/**
 * The scanning app's outbox: photos that could not be sent wait on the phone and go out when the
 * connection returns (and whenever the page opens); returns how many wait.
 */
function useOutbox(enabled: boolean, onSent: () => void) {
  const [waiting, setWaiting] = useState(0);
  const sent = useRef(onSent);
  sent.current = onSent;
  const flushing = useRef(false);
  useEffect(() => {
    if (!enabled || typeof indexedDB === "undefined") return;
    const flush = async () => {
      if (flushing.current) return;
      flushing.current = true;
      try {
        for (const photo of await pendingPhotos()) {
          const answer = await sendPhoto(photo.url, photo.fields, new File([photo.blob], photo.name, { type: "image/jpeg" }), () => undefined);
          if (answer.status === 0) break; // still no connection
          await dropPhoto(photo.id!);
          sent.current();
        }
      } finally {
        setWaiting((await pendingPhotos()).length);
        flushing.current = false;
      }
    };
    void flush();
    window.addEventListener("online", flush);
    window.addEventListener("kiebitz-outbox", flush);
    return () => {
      window.removeEventListener("online", flush);
      window.removeEventListener("kiebitz-outbox", flush);
    };
  }, [enabled]);
  return waiting;
}

export function SheetUpload({ action, uploadUrl, notation, answer, compact = false, camera = false, rounds }: { action: string; uploadUrl: string; notation: string; answer?: UploadAnswer; compact?: boolean; camera?: boolean; rounds?: number[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [dragging, setDragging] = useState(false);
  const [consentError, setConsentError] = useState(false);
  // the scanning app keeps photos it cannot send on the phone
  const waiting = useOutbox(camera, () => revalidator.revalidate());

  async function upload(form: HTMLFormElement, files: File[]) {
    const fields = new FormData(form);
    if (fields.get("consent") !== "on") {
      setConsentError(true);
      return;
    }
    setConsentError(false);
    setProgress(files.map((file) => ({ name: file.name, share: 0 })));
    for (const [index, file] of files.entries()) {
      const update = (change: Partial<FileProgress>) => setProgress((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
      const result = camera && !navigator.onLine ? { status: 0 } : await sendPhoto(uploadUrl, fields, file, (share) => update({ share }));
      if (camera && result.status === 0) {
        const kept = [...fields].filter(([key, value]) => key !== "photos" && typeof value === "string") as [string, string][];
        await keepPhoto({ url: uploadUrl, fields: kept, name: file.name, blob: file, created: Date.now() });
        update({ share: 0, outcome: "sheets.keptOffline" });
        continue;
      }
      update({ share: 1, outcome: outcomeOf(result) });
      revalidator.revalidate();
    }
    if (camera) window.dispatchEvent(new Event("kiebitz-outbox"));
    if (input.current) input.current.value = "";
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const files = Array.from(input.current?.files ?? []);
    if (files.length === 0) return; // the server says what is missing
    event.preventDefault();
    void upload(event.currentTarget, files);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length) void upload(event.currentTarget, files);
  }

  const report = answer?.report;
  return (
    <Form
      ref={form}
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`form-page sheet-upload${dragging ? " dragging" : ""}${compact ? " compact" : ""}`}
      onSubmit={onSubmit}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {answer?.error ? <FormError errors={[answer.error]} /> : null}
      {report ? (
        <div className="upload-report" role="status">
          {report.stored > 0 ? <p>{t("sheets.storedCount", { count: report.stored })}</p> : null}
          {report.duplicates.map((name) => (
            <p key={name}>{t("sheets.duplicateOf", { name })}</p>
          ))}
          {report.refused.map(({ name, error }) => (
            <p key={name} className="error-text">
              {name}: {t(error)}
            </p>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="sheet-photos">{t("sheets.photos")}</label>
        <input ref={input} id="sheet-photos" type="file" name="photos" accept="image/jpeg,.jpg,.jpeg" multiple {...(camera ? { capture: "environment" as const } : {})} />
        <FieldError id="sheet-photos-error" errors={answer?.fieldErrors?.photos} />
        <p className="hint">{t("sheets.photosHint")}</p>
      </div>
      {rounds ? (
        <div className="field-row">
          <div className="field">
            <label htmlFor="sheet-round">{t("rounds.round")}</label>
            <select id="sheet-round" name="round" defaultValue="">
              <option value="">{t("sheets.fromHeader")}</option>
              {rounds.map((round) => (
                <option key={round} value={round}>
                  {round}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="sheet-board">{t("sheets.board")}</label>
            <input id="sheet-board" name="board" type="number" inputMode="numeric" min={1} max={10000} placeholder={t("sheets.fromHeader")} />
            <FieldError id="sheet-board-error" errors={answer?.fieldErrors?.board} />
          </div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="sheet-notation">{t("sheets.notation")}</label>
        <select id="sheet-notation" name="notation" defaultValue={notation}>
          {NOTATIONS.map((value) => (
            <option key={value} value={value}>
              {t(`notations.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field checkbox">
        <input id="sheet-consent" type="checkbox" name="consent" />
        <label htmlFor="sheet-consent">{t("sheets.consent")}</label>
        <FieldError id="sheet-consent-error" errors={consentError ? ["sheets.consentRequired"] : answer?.fieldErrors?.consent} />
      </div>
      <div className="actions">
        <button type="submit" className="primary">
          {t("sheets.upload")}
        </button>
        {camera ? <LiveCamera onPhoto={(file) => form.current && void upload(form.current, [file])} /> : null}
      </div>
      {waiting > 0 ? (
        <p className="notice-inline" role="status">
          {t("sheets.waitingOffline", { count: waiting })}
        </p>
      ) : null}
      {progress.length > 0 ? (
        <ul className="upload-progress">
          {progress.map((item, i) => (
            <li key={`${item.name}-${i}`}>
              <span>{item.name}</span> <progress max={1} value={item.share} /> {item.outcome ? <span>{t(item.outcome)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
