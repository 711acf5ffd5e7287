/**
 * 上传版本包: the browser sends the ZIP in 10 MB parts (a package may be 1000 MB, far above what one request carries),
 * each part a request of its own, then completes the upload. A failed part is sent again by 继续上传; the parts sent so
 * far are kept in localStorage, so the same file chosen again with the same version code after a reload goes on from
 * where it stopped. Needs JavaScript (the page says so without it).
 */
import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { LinkButton } from "~/ui/button";
import { Drawer } from "~/ui/drawer";
import { Alert, Button, describedBy } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/widgets/use-hydrated";
import { FormRow } from "./form-row";
import { TERMINALS } from "./texts/terminals";
import { isVersionCode, isZipStart, PACKAGE_MAX_BYTES, PACKAGE_UPLOAD_PATH } from "./terminals";

type Errors = Record<string, string>;
interface Kept {
  id: number;
  partBytes: number;
  parts: number;
  etags: string[];
}
type Phase = { name: "idle" } | { name: "sending"; done: number; total: number } | { name: "stopped"; error: string } | { name: "done" };

const keyOf = (file: File, versionCode: string) => `derrick.ota.upload:${versionCode}:${file.name}:${file.size}:${file.lastModified}`;
const kept = (key: string): Kept | null => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as Kept | null;
  } catch {
    return null;
  }
};

async function post(url: string, body: BodyInit | object) {
  const res = await fetch(url, {
    method: "POST",
    headers: body instanceof Blob ? { Accept: "application/json", "Content-Type": "application/octet-stream" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body instanceof Blob ? body : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({ code: res.status, errors: { form: "terminals:uploadFailed" } }))) as { code: number; data?: Record<string, unknown>; errors?: Errors };
  if (res.status === 401) window.location.assign("/login?l=f");
  return answer;
}

export function PackageUploadDrawer({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation(TERMINALS);
  const message = useMessage();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const upload = useRef<{ key: string; file: File; state: Kept } | null>(null);
  const error = (key: string) => (errors[key] ? message(errors[key]!) : null);

  /** Sends the parts not yet sent, then completes; a failure stops with 继续上传 offered. */
  async function send() {
    const u = upload.current!;
    const { state, file } = u;
    try {
      for (let n = state.etags.length + 1; n <= state.parts; n++) {
        setPhase({ name: "sending", done: n - 1, total: state.parts });
        const answer = await post(`${PACKAGE_UPLOAD_PATH}?step=part&id=${state.id}&part=${n}`, file.slice((n - 1) * state.partBytes, n * state.partBytes));
        if (answer.code !== 200) return stop(answer.errors ?? {}, answer.code === 404 || answer.errors?.file !== undefined);
        state.etags.push(String(answer.data!.etag));
        localStorage.setItem(u.key, JSON.stringify(state));
      }
      setPhase({ name: "sending", done: state.parts, total: state.parts });
      const answer = await post(`${PACKAGE_UPLOAD_PATH}?step=complete&id=${state.id}`, { parts: state.etags.map((etag, i) => ({ partNumber: i + 1, etag })) });
      if (answer.code !== 200) return stop(answer.errors ?? {}, true);
      localStorage.removeItem(u.key);
      setPhase({ name: "done" });
      navigate(closeTo, { replace: true });
    } catch {
      setPhase({ name: "stopped", error: "terminals:uploadFailed" });
    }
  }

  /** A refusal: shown by its field; an upload the server gave up (not a ZIP, gone) is forgotten here too. */
  function stop(refusal: Errors, gone: boolean) {
    if (gone && upload.current) {
      localStorage.removeItem(upload.current.key);
      upload.current = null;
    }
    setErrors(refusal);
    setPhase(gone ? { name: "idle" } : { name: "stopped", error: refusal.form ?? refusal.file ?? "terminals:uploadFailed" });
  }

  async function start(form: HTMLFormElement) {
    const data = new FormData(form);
    const versionCode = String(data.get("versionCode") ?? "").trim();
    const description = String(data.get("description") ?? "").trim();
    const file = data.get("file");
    const found: Errors = {};
    if (!versionCode) found.versionCode = "terminals:versionRequired";
    else if (!isVersionCode(versionCode)) found.versionCode = "terminals:versionInvalid";
    if (!(file instanceof File) || !file.name) found.file = "terminals:fileRequired";
    else if (!/\.zip$/i.test(file.name)) found.file = "terminals:zipOnly";
    else if (file.size === 0) found.file = "terminals:fileEmpty";
    else if (file.size > PACKAGE_MAX_BYTES) found.file = "terminals:packageTooLarge";
    else if (!isZipStart(new Uint8Array(await file.slice(0, 4).arrayBuffer()))) found.file = "terminals:notZip";
    setErrors(found);
    if (Object.keys(found).length) return;
    const zip = file as File;
    const key = keyOf(zip, versionCode);
    const before = kept(key);
    if (before) {
      // the same file and version code as an upload that stopped: on from its last part
      upload.current = { key, file: zip, state: before };
      return send();
    }
    setPhase({ name: "sending", done: 0, total: 1 });
    const answer = await post(`${PACKAGE_UPLOAD_PATH}?step=start`, { versionCode, description, fileName: zip.name, size: zip.size }).catch(() => ({ code: 0, errors: { form: "terminals:uploadFailed" } }) as const);
    if (answer.code !== 200) return stop(answer.errors ?? {}, true);
    const d = answer.data as { id: number; partBytes: number; parts: number };
    upload.current = { key, file: zip, state: { id: d.id, partBytes: d.partBytes, parts: d.parts, etags: [] } };
    localStorage.setItem(key, JSON.stringify(upload.current.state));
    return send();
  }

  async function abandon() {
    const u = upload.current;
    if (u) {
      await post(`${PACKAGE_UPLOAD_PATH}?step=abort&id=${u.state.id}`, {}).catch(() => undefined);
      localStorage.removeItem(u.key);
      upload.current = null;
    }
    setPhase({ name: "idle" });
  }

  const busy = phase.name === "sending";
  return (
    <Drawer title={t("uploadTitle")} titleId="upload-title" closeTo={closeTo} closeLabel={t("cancel")} widthClass="w-[560px]" padded data-testid="upload-form">
      <noscript>
        <Alert tone="error">{t("needsJs")}</Alert>
      </noscript>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void start(e.currentTarget);
        }}
      >
        {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
        <FormRow id="package-version" label={t("field.versionCode")} required hint={t("versionHint")} error={error("versionCode")}>
          <Input id="package-version" name="versionCode" maxLength={50} autoComplete="off" disabled={busy} aria-invalid={errors.versionCode ? true : undefined} aria-describedby={describedBy("package-version", true, errors.versionCode)} />
        </FormRow>
        <FormRow id="package-description" label={t("field.description")} error={error("description")}>
          <Textarea id="package-description" name="description" maxLength={200} disabled={busy} />
        </FormRow>
        <FormRow id="package-file" label={t("field.file")} required hint={t("fileHint")} error={error("file")}>
          <Input id="package-file" name="file" type="file" accept=".zip,application/zip" disabled={busy} aria-invalid={errors.file ? true : undefined} aria-describedby={describedBy("package-file", true, errors.file)} className="py-1" />
        </FormRow>
        {phase.name === "sending" ? (
          <div className="mb-4" role="status" data-testid="upload-progress">
            <progress className="h-2 w-full accent-brand" max={phase.total} value={phase.done} />
            <p className="mt-1 text-xs text-muted">{t("progress", { done: phase.done, total: phase.total, percent: Math.round((phase.done / Math.max(1, phase.total)) * 100) })}</p>
          </div>
        ) : null}
        {phase.name === "stopped" ? <Alert tone="error">{t("uploadStopped", { reason: message(phase.error) })}</Alert> : null}
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo}>{t("cancel")}</LinkButton>
          {phase.name === "stopped" && upload.current ? (
            <>
              <Button type="button" variant="danger" onClick={() => void abandon()}>
                {t("abandonUpload")}
              </Button>
              <Button type="button" variant="primary" onClick={() => void send()}>
                {t("resumeUpload")}
              </Button>
            </>
          ) : (
            <Button type="submit" variant="primary" disabled={!hydrated || busy} data-testid="upload-submit">
              {t("startUpload")}
            </Button>
          )}
        </div>
      </form>
    </Drawer>
  );
}
