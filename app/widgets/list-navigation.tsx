import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { isModifiedClick } from "~/lib/navigation";
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type FormHTMLAttributes, type MouseEvent, type ReactNode } from "react";

interface ListNavigationValue {
  navigate: ReturnType<typeof useNavigate>;
  submit: ReturnType<typeof useSubmit>;
  /** where a row's form posts: the screen as it is now (its filters, sort and page kept), like Remix's Form */
  formAction: string;
}
const ListNavigationContext = createContext<ListNavigationValue | null>(null);

/**
 * One navigate and one submit function, and the current screen's URL, for every QueryLink and RowForm below it. A
 * 20-row list renders dozens of links and forms; Remix's Link and Form each resolve their path against the route
 * matches on every render (JSON-encoding the matches, once per element), which was a visible part of a list page's
 * server time. These resolve nothing: their URLs are already absolute.
 */
export function ListNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const value = useMemo(() => ({ navigate, submit, formAction: pathname + search }), [navigate, submit, pathname, search]);
  return <ListNavigationContext.Provider value={value}>{children}</ListNavigationContext.Provider>;
}

/** A plain left click in the same tab, which the app follows itself (as Remix's Link does). */
function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute("target");
  return !e.defaultPrevented && !isModifiedClick(e) && (!target || target === "_self");
}

/**
 * A link to another state of the same screen (`/userManage?view=4`, a sort, a page): the browser's own <a> with an
 * absolute href, followed in the page for a plain click like Remix's Link. Without a ListNavigation above it, or
 * before the page has hydrated, it is an ordinary link that loads the page.
 */
export function QueryLink({ to, preventScrollReset, onClick, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; preventScrollReset?: boolean }) {
  const list = useContext(ListNavigationContext);
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!list || !isPlainClick(e)) return;
        e.preventDefault();
        list.navigate(to, { preventScrollReset });
      }}
    />
  );
}

/**
 * A row's own POST form (停用, 通过, …) to the screen as it is now: the browser's own <form>, submitted in the page
 * like Remix's Form (the clicked button's name and value included). Without a ListNavigation above it, or before
 * hydration, the browser posts it to the current URL.
 */
export function RowForm({ onSubmit, ...rest }: Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action">) {
  const list = useContext(ListNavigationContext);
  return (
    <form
      {...rest}
      method="post"
      action={list?.formAction}
      onSubmit={(e) => {
        onSubmit?.(e);
        if (!list || e.defaultPrevented) return;
        e.preventDefault();
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        list.submit(submitter ?? e.currentTarget, { method: "post", action: list.formAction });
      }}
    />
  );
}
