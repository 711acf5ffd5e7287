import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoginPage } from "~/modules/auth/login-page";
import { loginAction, loginLoader } from "~/modules/auth/login-route.server";

export const meta: MetaFunction = () => [{ title: "Derrick · 登录 / Sign in" }];
export const loader = loginLoader;
export const action = (args: ActionFunctionArgs) => loginAction(args, false);
export default function Login() {
  return <LoginPage admin={false} />;
}
