// The terminal API as the scripts that drive terminals call it (npm run simulate, the demo fleet): JSON posts with a
// terminal's bearer token, and the token kept until shortly before it expires.

/** A JSON POST to the app, with the terminal's token when given; the answer's status and body (null when not JSON). */
export type Post = (path: string, body: unknown, token?: string) => Promise<{ status: number; json: any }>;

export function poster(base: string): Post {
  return async (path, body, token) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
}

/** A terminal's sign-in state: its current token and when it was issued. */
export interface TokenHolder {
  token: string | null;
  tokenAt: number;
}

/**
 * The terminal's token: the held one while it is under 50 minutes old (tokens live an hour), else a new sign-in through
 * /ingest/v1/auth. A refused sign-in is handed to `refused` and answers null.
 */
export async function terminalToken(post: Post, holder: TokenHolder, terminalNo: string, secret: string, refused: (answer: Awaited<ReturnType<Post>>) => void): Promise<string | null> {
  if (holder.token && Date.now() - holder.tokenAt < 50 * 60_000) return holder.token;
  const res = await post("/ingest/v1/auth", { terminalNo, secret });
  if (res.status !== 200) {
    refused(res);
    return null;
  }
  holder.token = res.json.token as string;
  holder.tokenAt = Date.now();
  return holder.token;
}
