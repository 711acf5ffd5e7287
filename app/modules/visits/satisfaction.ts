/**
 * A satisfaction form's figure: the mean of its scores (1–5) in hundredths, exact: integer arithmetic, the half
 * hundredth rounded up (4, 4, 5 → 4.333… → 433; 4, 5 → 4.5 → 450; 1, 2, 2 → 1.666… → 167). Null for no scores.
 */
export function averageHundredths(scores: readonly number[]): number | null {
  return scores.length ? divideHalfUp(100 * scores.reduce((a, b) => a + b, 0), scores.length) : null;
}

/** a / b for non-negative integers, the half rounded up, without a float: floor((2a + b) / 2b). */
export const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** Hundredths as the figure shown: 433 → "4.33". */
export const formatHundredths = (h: number | null) => (h === null ? "—" : `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`);

/** The questionnaire a tenant starts with (客户调研): what a crane renter's customer judges it by. */
export const DEFAULT_QUESTIONS = ["设备完好率", "操作手技能与服务态度", "进出场及时性", "对账与结算准确性", "故障响应速度", "总体满意度"] as const;
