import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { anonymousScope, apiJson } from "~/modules/access/access.server";
import { createCaptcha } from "~/modules/auth/captcha.server";

/** A fresh single-use captcha for API sign-in: { uuid, img } where img is an SVG. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { id, svg } = await createCaptcha(anonymousScope(context).db);
  return apiJson({ code: 200, data: { uuid: id, img: svg } }, { headers: { "Cache-Control": "no-store" } });
}
