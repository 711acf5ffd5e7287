import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoginPage } from "~/modules/auth/login-page";
import { loginAction, loginLoader } from "~/modules/auth/login-route.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "登录", en: "Sign in" }) }];
export const loader = loginLoader;
export const action = (args: ActionFunctionArgs) => loginAction(args, false);
export default function Login() {
  return <LoginPage admin={false} />;
}
