// A text control's box is written once (boxClass and the controls of app/ui/input.tsx): a screen or widget that copies
// its classes drifts (no focus ring, no red border when invalid, another padding), so a copy fails here with its file
// and line. A copy is a class string with the control's focus or invalid border, or the box's border and background
// at a control's height (h-8, h-9) that is not a button (no hover) nor a box around borderless inputs (focus-within:
// a period or year-range picker).
import { describe, expect, it } from "vitest";
import { scanSources } from "../../db/source-scan";

export function controlCopies(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/"([^"\n]*)"|`([^`\n]*)`/g)) {
    const text = m[1] ?? m[2] ?? "";
    const classes = text.split(/\s+/);
    const signature = classes.includes("focus:border-brand") || classes.includes("aria-[invalid]:border-danger") || classes.includes("aria-[invalid=true]:border-danger");
    const box = ["rounded-md", "border-line", "bg-panel"].every((c) => classes.includes(c)) && (classes.includes("h-8") || classes.includes("h-9")) && !classes.some((c) => c.startsWith("hover:") || c.startsWith("focus-within:"));
    if (signature || box) found.push(`${source.slice(0, m.index).split("\n").length}: ${text.slice(0, 80)}`);
  }
  return found;
}

describe("a control's box is written once", () => {
  it("no screen, widget or route copies it", () => {
    const copies = scanSources(["app/modules", "app/widgets", "app/routes"], controlCopies).stray;
    expect(copies, "use boxClass (with the control's own size) or Input / Select / Textarea from app/ui/input.tsx").toEqual([]);
  });

  it("sees a copy, and not the box used or a button", () => {
    expect(controlCopies('const input = "h-9 rounded-md border border-line bg-panel px-3 text-ink focus:border-brand focus:outline-none";')).toHaveLength(1);
    expect(controlCopies('<select className="h-8 rounded-md border border-line bg-panel px-2">')).toHaveLength(1);
    expect(controlCopies("const input = `${boxClass} h-9 px-3`;")).toHaveLength(0);
    expect(controlCopies('<button className="h-8 rounded-md border border-line bg-panel px-3 hover:border-brand">')).toHaveLength(0);
  });
});
