/**
 * Starts the JT808 gateway (docs/jt808.md, "Running"): `JT808_PORT` (6808), `JT808_WORKER_URL`
 * (http://127.0.0.1:8787), `JT808_GATEWAY_SECRET` (the Worker's; a local default outside production),
 * `JT808_DATA_DIR` (the disk buffer; .wrangler/jt808 locally, a volume in a container), `JT808_TZ_OFFSET` (minutes
 * east of UTC of the terminals' clocks, 480), `JT808_MAX_CONNECTIONS_PER_ADDRESS` (1000), `JT808_BYTES_PER_SECOND` (1048576).
 */
import { DEFAULT_LIMITS, Gateway } from "./gateway";

const env = process.env;
const int = (name: string, fallback: number) => {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, not ${value}`);
  return n;
};

// as the Worker decides it: only APP_ENV=production refuses to run without the secret
const production = env.APP_ENV === "production";
const secret = env.JT808_GATEWAY_SECRET ?? (production ? "" : "derrick-local-jt808-gateway-secret");
if (!secret) {
  console.error("✗ JT808_GATEWAY_SECRET is not set (the Worker's secret of the same name)");
  process.exit(1);
}

const gateway = new Gateway({
  port: int("JT808_PORT", 6808),
  host: env.JT808_HOST ?? "0.0.0.0",
  workerUrl: env.JT808_WORKER_URL ?? "http://127.0.0.1:8787",
  secret,
  dataDir: env.JT808_DATA_DIR ?? ".wrangler/jt808",
  tzOffsetMinutes: int("JT808_TZ_OFFSET", 480),
  maxConnectionsPerAddress: int("JT808_MAX_CONNECTIONS_PER_ADDRESS", DEFAULT_LIMITS.connectionsPerAddress),
  bytesPerSecondPerAddress: int("JT808_BYTES_PER_SECOND", DEFAULT_LIMITS.bytesPerSecondPerAddress),
  log: env.JT808_LOG === "off" ? undefined : (line) => console.log(`[jt808] ${line}`),
});

const port = await gateway.start();
console.log(`[jt808] listening on ${port}, forwarding to ${env.JT808_WORKER_URL ?? "http://127.0.0.1:8787"}`);
const stop = () => void gateway.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
