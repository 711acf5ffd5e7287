import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoginPage } from "~/modules/auth/login-page";
import { loginAction, loginLoader } from "~/modules/auth/login-route.server";

export const meta: MetaFunction = () => [{ title: "Derrick · 管理员登录 / Administrator sign-in" }];
export const loader = loginLoader;
export const action = (args: ActionFunctionArgs) => loginAction(args, true);
export default function LoginAdmin() {
  return <LoginPage admin />;
}
