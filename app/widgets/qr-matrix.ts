/** Pure helpers of the QR code widget: the SVG path of a module matrix and the download name. */

/** One SVG path drawing every dark module as a 1×1 square; horizontal runs are merged to keep it short. */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const from = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${from} ${y}h${x - from}v1h${from - x}z`);
    }
  });
  return parts.join("");
}

/** A file name from the encoded value: characters Windows and macOS refuse become _, at most 80 long. */
export function qrFileName(value: string, extension: "png" | "svg"): string {
  const base = value
    .replace(/^[a-z]+:\/\//i, "")
    .replace(/[\\/:*?"<>|\s\u0000-\u001f]+/g, "_")
    .replace(/^[._]+|[._]+$/g, "")
    .slice(0, 80);
  return `${base || "qrcode"}.${extension}`;
}
