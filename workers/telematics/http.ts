/** The JSON answers of the terminal APIs (the v1 API, OsmAnd, the JT808 gateway's calls) and their small checks. */
import type { Reason } from "./point";

export const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
export type Refusal = Reason | "bad_credentials" | "bad_token" | "unknown_terminal" | "unknown_device" | "not_found" | "method_not_allowed" | "bad_request";
export const refuse = (status: number, reason: Refusal, message: string) =>
  json(status, { code: status, reason, message });

export function parseJson(text: string): { value: unknown } | Response {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return refuse(400, "malformed_json", "the body is not valid JSON");
  }
}

