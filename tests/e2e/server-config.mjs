// Shared by the e2e server script and the tests (which read the same local database file).
export const E2E_PERSIST = ".wrangler/e2e";
/** The screen registry as the app gathers it, written by the e2e server for the tests (scripts/screens.ts --json). */
export const E2E_SCREENS = `${E2E_PERSIST}/screens.json`;
export const E2E_VARS = {
  APP_ENV: "test",
  CAPTCHA: "on",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  ENCODE_PARAM_SECRET: "e2e-encode-param-secret-0123456789",
  ZUQI_TOKEN_SECRET: "e2e-zuqi-token-secret-0123456789",
};
/** The e2e server's JT808 gateway port, beside its app port (E2E_PORT 8788 → 6788). */
export const jt808PortOf = (appPort) => appPort - 2000;
