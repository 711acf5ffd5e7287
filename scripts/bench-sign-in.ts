// The benches' sign-in: the demo administrator through the real form (the bench servers run with CAPTCHA=off).
import { DEMO_USERS } from "../db/seed/demo-identity";

/** The Cookie header of the demo administrator signed in at `base`; throws when the sign-in is refused. */
export async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password", account: DEMO_USERS.admin.account, password: DEMO_USERS.admin.password }),
  });
  if (login.status !== 302) throw new Error(`bench sign-in failed: ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
