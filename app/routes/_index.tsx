import { redirect } from "@remix-run/cloudflare";

/** The default landing is /manageWork (spec §2). */
export function loader() {
  return redirect("/manageWork");
}
