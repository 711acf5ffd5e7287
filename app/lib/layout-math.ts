/** Spec §9: html font size from the window size, so 1 rem = 100 px on a 1440–1800 wide screen. */
export function baseFontSize(width: number, height: number): number {
  const w = Math.max(width, 1280);
  void Math.max(height, 620); // the page never shrinks below 1280 × 620; height does not change the scale
  if (w >= 1800) return (w / 14.4) * 0.8;
  if (w >= 1440) return 100;
  return w / 14.4;
}

export const WATERMARK = { rows: 3, columns: 4, width: 210, height: 80, offset: 50, angle: 20, opacity: 0.3, fontSize: 15, color: "#aaa" } as const;
