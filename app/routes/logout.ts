import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession, flashCookie } from "~/modules/auth/session.server";

/** Sign-out revokes the session row, so the cookie is useless even if copied. */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request, context.cloudflare.env));
  headers.append("Set-Cookie", flashCookie("signedOut"));
  return redirect("/login?l=f", { headers });
}

export function loader() {
  return redirect("/login");
}
