import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isMessageKey } from "./keys";

/**
 * Translates a message the server sent ("validation.x" in common, or "ns:key"). A message may carry one value after
 * a "|" (e.g. the plates a save refused), which the text shows as {{value}}. A key that names no text shows as sent.
 */
export function useMessage() {
  // the instance's own t: it takes every namespace's keys as `ns:key` (the hook's t is bound to its namespace)
  const { i18n } = useTranslation();
  const language = i18n.language;
  // one function per language: effects that translate a message may depend on it
  return useCallback(
    (message: string): string => {
      const bar = message.indexOf("|");
      const key = bar < 0 ? message : message.slice(0, bar);
      if (!isMessageKey(i18n, key)) return key;
      return String(bar < 0 ? i18n.t(key) : i18n.t(key, { value: message.slice(bar + 1) }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is what changes the texts; i18n is one instance
    [i18n, language],
  );
}
