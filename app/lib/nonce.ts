import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce (app/lib/content-security-policy.ts), provided by entry.server for the
 * scripts the document renders. The browser has none: scripts added after hydration are trusted through
 * 'strict-dynamic', and the rendered ones keep their attribute (they suppress the hydration warning).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
