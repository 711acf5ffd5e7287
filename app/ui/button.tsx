import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes } from "react";

/**
 * primary: the one main action; secondary: the bordered default (返回, 取消, 重置); ghost: the same
 * bordered look (the name the first screens used); danger: destructive; text: borderless, muted;
 * link: text in the brand colour that acts.
 */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "text" | "link";
export type ButtonSize = "sm" | "md";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:opacity-90",
  secondary: "border border-line bg-panel text-ink hover:border-brand hover:text-brand",
  ghost: "border border-line bg-panel text-ink hover:border-brand hover:text-brand",
  danger: "bg-danger text-white hover:opacity-90",
  text: "text-muted hover:text-brand",
  link: "text-brand hover:underline",
};
const SIZES: Record<ButtonSize, string> = { sm: "h-8 px-3 text-sm", md: "h-9 px-4 text-base" };

/** The class string of a button, for the few elements that must look like one but are neither a button nor a link (a `<summary>`, a Radix Close). */
export function buttonClass({ variant = "primary", size = "md", className = "" }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  const box = variant === "link" || variant === "text" ? "rounded-sm px-1" : `rounded-md ${SIZES[size]}`;
  return `inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap ${box} ${VARIANTS[variant]} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 ${className}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; `type` defaults to "button" so that only an explicit `type="submit"` submits a form. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = "primary", size = "md", className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
});

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A Remix link that looks like a button: navigation (新增, 返回, 编辑) stays a link, so it works before JavaScript and opens in a new tab. */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton({ variant = "secondary", size = "md", className, ...props }, ref) {
  return <Link ref={ref} className={buttonClass({ variant, size, className })} {...props} />;
});
