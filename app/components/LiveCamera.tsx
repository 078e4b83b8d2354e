import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { markerQuad } from "../../worker/reader/markers";

/**
 * The scanning app's live camera (issue 15): the phone's back camera in the page, telling the
 * arbiter when the sheet's four corner markers are in frame (found as the reader finds them, on a
 * small copy of the picture twice a second), and taking the photo at full resolution. Shown only
 * where the browser offers a camera; the photo field works everywhere.
 */
const PREVIEW_WIDTH = 320;

function grayOf(canvas: HTMLCanvasElement, video: HTMLVideoElement) {
  const height = Math.round((video.videoHeight / video.videoWidth) * PREVIEW_WIDTH);
  canvas.width = PREVIEW_WIDTH;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(video, 0, 0, PREVIEW_WIDTH, height);
  const { data } = context.getImageData(0, 0, PREVIEW_WIDTH, height);
  const gray = new Float32Array(PREVIEW_WIDTH * height);
  for (let i = 0; i < gray.length; i++) gray[i] = 0.299 * data[4 * i] + 0.587 * data[4 * i + 1] + 0.114 * data[4 * i + 2];
  return { width: PREVIEW_WIDTH, height, data: gray };
}

export function LiveCamera({ onPhoto }: { onPhoto: (file: File) => void }) {
  const { t } = useTranslation();
  const [supported, setSupported] = useState(false);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [inFrame, setInFrame] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const preview = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => setSupported(Boolean(navigator.mediaDevices?.getUserMedia)), []);
  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    preview.current ??= document.createElement("canvas");
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment", width: { ideal: 2592 }, height: { ideal: 1944 } }, audio: false })
      .then(async (granted) => {
        stream = granted;
        const element = video.current!;
        element.srcObject = granted;
        await element.play();
        timer = setInterval(() => {
          if (element.videoWidth) setInFrame(markerQuad(grayOf(preview.current!, element)) !== null);
        }, 500);
      })
      .catch(() => setFailed(true));
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  function take() {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext("2d")!.drawImage(element, 0, 0);
    canvas.toBlob((blob) => blob && onPhoto(new File([blob], `camera-${new Date().toISOString().replace(/[:.]/g, "-")}.jpg`, { type: "image/jpeg" })), "image/jpeg", 0.92);
  }

  if (!supported) return null;
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t("scan.camera.open")}
      </button>
    );
  }
  return (
    <div className="live-camera">
      {failed ? (
        <p className="form-error">{t("scan.camera.unavailable")}</p>
      ) : (
        <>
          <video ref={video} playsInline muted aria-label={t("scan.camera.view")} />
          <p className={inFrame ? "success" : "hint"} role="status">
            {t(inFrame ? "scan.camera.inFrame" : "scan.camera.notInFrame")}
          </p>
          <button type="button" className="primary" onClick={take}>
            {t("scan.camera.take")}
          </button>
        </>
      )}
      <button type="button" onClick={() => setOpen(false)}>
        {t("scan.camera.close")}
      </button>
    </div>
  );
}
