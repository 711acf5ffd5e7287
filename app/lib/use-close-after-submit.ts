import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Closes a dialog whose form posts through the page once that post has come back (the navigation went busy, then
 * idle again): a confirmation stays up, its button disabled, while the server works.
 */
export function useCloseAfterSubmit(onClose: () => void): boolean {
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") submitted.current = true;
    else if (submitted.current) onClose();
  }, [navigation.state, onClose]);
  return navigation.state !== "idle";
}
