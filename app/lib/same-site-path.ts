/**
 * The one decision on where a redirect may go (after sign-in, a preference switch, a zuqiToken link, a saved
 * dictionary item): only a path of this site. The target is resolved by the URL parser first, as a browser would,
 * and what is answered is the parser's own serialisation, so nothing the parser would reread as another host (`//`,
 * `/\`, `/..//`, a tab or newline that browsers drop) and no byte a header cannot carry ever reaches `Location`.
 */
const BASE = "https://same-site.invalid";
const MAX_LENGTH = 2048;
const SIGN_IN_PAGES = /^\/(login|loginAdmin|resetPassword)(\/|$|\?|#)/i;
const SIGN_OUT = /^\/logout(\/|$|\?|#)/i;

/** The normalised same-site path of `to`, or null when it is not one (another host, a scheme, control characters). */
export function sameSitePath(to: string | null | undefined): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > MAX_LENGTH) return null;
  // browsers drop tabs and newlines and read "\" as "/" before resolving: "/\t/evil" is "//evil" to them
  if (/[\u0000-\u001f\u007f\\]/.test(to) || to.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/..//evil" resolves to the path "//evil", which a Location header would send to another host
  return path.startsWith("//") ? null : path;
}

/**
 * Where to go after an action that names its way back: the same-site path, else the fallback. Sign-out is never a
 * target, and the sign-in pages are not either (a loop after signing in) unless `allowSignIn` (a language switch on
 * the sign-in page).
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/manageWork", { allowSignIn = false } = {}): string {
  const path = sameSitePath(to);
  if (path === null || SIGN_OUT.test(path) || (!allowSignIn && SIGN_IN_PAGES.test(path))) return fallback;
  return path;
}
