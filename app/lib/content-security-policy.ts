/**
 * The Content-Security-Policy of every HTML document (app/entry.server.tsx), and the headers that go with it. The
 * reasons for each relaxation are in docs/architecture.md ("Security headers").
 *
 * Scripts run only when the document's server gave them this response's nonce (Remix's inline scripts, the shell's
 * texts script); 'strict-dynamic' lets those scripts load the rest (route chunks, the map engines and their workers).
 */

/** A fresh nonce for one response: 16 random bytes, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The policy's directives for a response's nonce, in the order they are sent. */
export function policyDirectives(nonce: string): [directive: string, ...sources: string[]][] {
  if (!NONCE.test(nonce)) throw new Error("a nonce is base64");
  return [
    ["default-src", "'self'"],
    // 'wasm-unsafe-eval': mapbox-gl compiles WebAssembly (Draco, meshopt) for the Standard style and 3D models; no JS eval
    ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "'wasm-unsafe-eval'"],
    // the server renders style="" attributes; Radix's dialogs inject a <style> element
    ["style-src", "'self'", "'unsafe-inline'"],
    // captcha (data: SVG), local upload previews (blob:), map sprites decoded through blob:, tenant-configured tiles and logos
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["font-src", "'self'"],
    // the hub's socket is same-origin: 'self' matches ws: on http and wss: on https; tiles and styles come from the
    // tenant's providers (Mapbox, custom tile and style URLs)
    ["connect-src", "'self'", "https:"],
    // the spec's video player (not built yet): hls.js plays through MediaSource blob: URLs
    ["media-src", "'self'", "blob:"],
    // maplibre's worker is our own file; mapbox-gl builds its worker from a blob:
    ["worker-src", "'self'", "blob:"],
    // for browsers without worker-src, whose workers fall back to child-src
    ["child-src", "'self'", "blob:"],
    // the previewer shows PDFs from our own download route in a frame
    ["frame-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
}

/** The Content-Security-Policy header value for a response's nonce. */
export function contentSecurityPolicy(nonce: string): string {
  if (!NONCE.test(nonce)) throw new Error("a nonce is base64");
  // every document sends it: written once around the nonce, which is all that changes
  policyAround ??= policyDirectives("NONCE")
    .map((d) => d.join(" "))
    .join("; ")
    .split("'nonce-NONCE'") as [string, string];
  return `${policyAround[0]}'nonce-${nonce}'${policyAround[1]}`;
}
let policyAround: [before: string, after: string] | undefined;

/** Every header a document carries for its security, for a response's nonce. */
export function documentSecurityHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "X-Content-Type-Options": "nosniff",
    // other sites get the origin only (nothing on a downgrade to http): Mapbox checks URL-restricted tokens against it
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // frame-ancestors for browsers that predate it
    "X-Frame-Options": "SAMEORIGIN",
  };
}
