/**
 * A signature drawn with a finger or a mouse on a canvas, uploaded as a PNG through the upload API and posted as its
 * file id under `name` (an inspection's 签字 item). Without JavaScript nothing is drawn: the item stays unsigned and
 * the server says so when it is required.
 */
import { useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/ui/button";
import { INSPECTION } from "./texts/inspection";

const UPLOAD_URL = "/api/common/commonfile/uploadFile?kind=image&fileSize=2";

export function SignaturePad({ name }: { name: string }) {
  const { t } = useTranslation(INSPECTION);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [fileId, setFileId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - box.left) / box.width) * e.currentTarget.width, ((e.clientY - box.top) / box.height) * e.currentTarget.height] as const;
  };
  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    if (fileId) return;
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.strokeStyle = "#111";
    ctx.beginPath();
    ctx.moveTo(...point(e));
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext("2d");
    ctx?.lineTo(...point(e));
    ctx?.stroke();
    setDrawn(true);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
    setFileId(null);
    setError(null);
  };
  const save = () => {
    const c = canvas.current;
    if (!c) return;
    setBusy(true);
    c.toBlob(async (blob) => {
      try {
        if (!blob) throw new Error("no image");
        const form = new FormData();
        form.append("file", new File([blob], "signature.png", { type: "image/png" }));
        const answer = (await (await fetch(UPLOAD_URL, { method: "POST", body: form })).json()) as { code: number; message?: string; data?: { id: number } };
        if (answer.code !== 200 || !answer.data) throw new Error(answer.message ?? "upload failed");
        setFileId(answer.data.id);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    }, "image/png");
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm text-muted">{fileId ? t("page.signed") : t("page.signHere")}</span>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        aria-label={t("page.signature")}
        className={`h-40 w-full touch-none rounded-md border bg-white ${fileId ? "border-success" : "border-line"}`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={() => (drawing.current = false)}
        onPointerCancel={() => (drawing.current = false)}
      />
      {fileId ? <input type="hidden" name={name} value={fileId} /> : null}
      <div className="flex gap-2">
        <Button type="button" variant="secondary" className="min-h-12" onClick={clear}>
          {t("page.clearSignature")}
        </Button>
        <Button type="button" className="min-h-12 flex-1" disabled={!drawn || busy || fileId !== null} onClick={save}>
          {t("page.saveSignature")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
