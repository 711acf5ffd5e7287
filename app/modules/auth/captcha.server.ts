import { eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { captchas } from "../../../db/schema";

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // no 0/O, 1/I

function rand(n: number): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % n;
}

/** the glyphs' font size: the widest bold glyph (W) is about one em, so 4 × 26 px fit the 120 px with margins */
export const CAPTCHA_FONT_PX = { min: 22, max: 26 };

/**
 * Draws the answer as an SVG with jittered, rotated glyphs and noise curves. Each glyph is centred in its quarter of
 * the image (text-anchor middle), so the widest glyph in the last place still ends inside it.
 */
export function drawCaptcha(answer: string): string {
  const w = 120;
  const h = 40;
  const colors = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c"];
  const cell = (w - 8) / answer.length;
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = Math.round(4 + cell * (i + 0.5) + rand(5) - 2);
      const y = 28 + rand(6) - 3;
      const r = rand(36) - 18;
      const size = CAPTCHA_FONT_PX.min + rand(CAPTCHA_FONT_PX.max - CAPTCHA_FONT_PX.min + 1);
      return `<text x="${x}" y="${y}" text-anchor="middle" transform="rotate(${r} ${x} ${y})" fill="${colors[rand(colors.length)]}" font-size="${size}" font-family="Verdana,Arial,sans-serif" font-weight="bold">${ch}</text>`;
    })
    .join("");
  const noise = Array.from({ length: 4 }, () => {
    const c = colors[rand(colors.length)];
    return `<path d="M${rand(20)} ${rand(h)} C${rand(w)} ${rand(h)},${rand(w)} ${rand(h)},${w - rand(20)} ${rand(h)}" stroke="${c}" stroke-width="1.5" fill="none" opacity="0.7"/>`;
  }).join("");
  const dots = Array.from({ length: 25 }, () => `<circle cx="${rand(w)}" cy="${rand(h)}" r="1" fill="#94a3b8"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f1f5f9"/>${dots}${noise}${glyphs}</svg>`;
}

/** A new single-use captcha stored for two minutes; expired rows are swept on the way. */
export async function createCaptcha(db: Db): Promise<{ id: string; svg: string }> {
  const answer = Array.from({ length: 4 }, () => ALPHABET[rand(ALPHABET.length)]).join("");
  const id = crypto.randomUUID();
  const now = Date.now();
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({ id, answer, expiresAt: now + CAPTCHA_TTL_MS });
  return { id, svg: drawCaptcha(answer) };
}

/** True once for a right answer in time; the row is deleted whatever the answer, so it can't be reused. */
export async function consumeCaptcha(db: Db, id: string, answer: string): Promise<boolean> {
  if (!id) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  if (!row || row.expiresAt <= Date.now()) return false;
  return row.answer === answer.trim().toUpperCase();
}

/** Test hook: the stored answer (tests read it instead of solving the image). */
export async function peekCaptcha(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select().from(captchas).where(eq(captchas.id, id));
  return row?.answer;
}
