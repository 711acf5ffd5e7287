import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoginPage } from "~/modules/auth/login-page";
import { loginAction, loginLoader } from "~/modules/auth/login-route.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "管理员登录", en: "Administrator sign-in" }) }];
export const loader = loginLoader;
export const action = (args: ActionFunctionArgs) => loginAction(args, true);
export default function LoginAdmin() {
  return <LoginPage admin />;
}
