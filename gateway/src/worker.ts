/**
 * The gateway's calls to the Worker (docs/jt808.md, "Gateway and Worker"): JSON over HTTP(S) to /ingest/gateway/v1/*
 * with the gateway credential. A call that does not answer 2xx within its time is an error the caller decides about
 * (reports are buffered to disk, registrations answered with a failure).
 */
export interface WorkerOptions {
  /** the Worker's origin, e.g. https://derrick.example.com */
  url: string;
  /** JT808_GATEWAY_SECRET */
  secret: string;
  timeoutMs?: number;
}

export class WorkerError extends Error {
  constructor(
    message: string,
    /** the HTTP status, 0 when the Worker did not answer */
    readonly status: number,
  ) {
    super(message);
  }
}

export class WorkerClient {
  private readonly base: string;

  constructor(private readonly options: WorkerOptions) {
    this.base = options.url.replace(/\/+$/, "");
  }

  async call<T>(path: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/ingest/gateway/v1/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.options.secret}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new WorkerError(`the Worker did not answer: ${error instanceof Error ? error.message : String(error)}`, 0);
    }
    if (!response.ok) throw new WorkerError(`the Worker answered ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`, response.status);
    return (await response.json()) as T;
  }
}
