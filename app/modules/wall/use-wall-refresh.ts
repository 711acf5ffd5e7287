import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";
import { REFRESH_MS } from "./wall";

/** The server's figures again every REFRESH_MS while the screen is in view (a revoked link's page then says so). */
export function useWallRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden" && revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
}
