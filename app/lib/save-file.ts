/** Hands a file made in the page (a QR code PNG, a fetched export) to the browser as a download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has started by then; revoking at once can cancel it in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
