import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { encode } from "uqr";
import { Button } from "~/ui/field";
import { qrFileName, qrPath } from "./qr-matrix";
import { saveFile } from "~/lib/save-file";

export interface QrCodeProps {
  value: string;
  /** CSS size of the square; 1.6rem (160 px at the base size) by default. */
  size?: string;
  /** Shows the 下载 button (PNG named after the value). */
  downloadable?: boolean;
  className?: string;
}

const BORDER = 2;
/** Pixels per module in the downloaded PNG. */
const PNG_SCALE = 10;


function svgMarkup(path: string, n: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** Downloads a PNG drawn from the module matrix; an SVG when the browser cannot make the PNG. */
function download(value: string, matrix: boolean[][]) {
  const n = matrix.length;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = n * PNG_SCALE;
  const ctx = canvas.getContext("2d");
  const asSvg = () => saveFile(new Blob([svgMarkup(qrPath(matrix), n)], { type: "image/svg+xml" }), qrFileName(value, "svg"));
  if (!ctx) return asSvg();
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  matrix.forEach((row, y) => row.forEach((dark, x) => dark && ctx.fillRect(x * PNG_SCALE, y * PNG_SCALE, PNG_SCALE, PNG_SCALE)));
  canvas.toBlob((blob) => (blob ? saveFile(blob, qrFileName(value, "png")) : asSvg()), "image/png");
}

/**
 * QR code as inline SVG (rendered on the server too), black on a white quiet zone in both themes
 * so scanners read it, with an optional 下载 button.
 */
export function QrCode({ value, size = "1.6rem", downloadable = true, className = "" }: QrCodeProps) {
  const { t } = useTranslation("widgets");
  const matrix = useMemo(() => {
    try {
      return encode(value, { border: BORDER, ecc: "M" }).data;
    } catch {
      // longer than a QR code can hold: show nothing rather than break the page
      return null;
    }
  }, [value]);
  if (!matrix) return null;
  const n = matrix.length;
  return (
    <figure className={`inline-flex flex-col items-center gap-2 ${className}`}>
      <svg role="img" aria-label={t("qr.label", { value })} viewBox={`0 0 ${n} ${n}`} shapeRendering="crispEdges" style={{ width: size, height: size }} className="rounded-sm">
        <rect width={n} height={n} fill="#fff" />
        <path d={qrPath(matrix)} fill="#000" />
      </svg>
      {downloadable ? (
        <Button type="button" variant="ghost" onClick={() => download(value, matrix)}>
          {t("download")}
        </Button>
      ) : null}
    </figure>
  );
}
