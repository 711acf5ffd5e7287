import { useState } from "react";

/**
 * A value the parent may control (value given) or leave to the widget (defaultValue): the
 * widget reads `current` and always calls `set`, which tells the parent and keeps its own copy.
 */
export function useControllable<T, A extends unknown[] = []>(value: T | undefined, defaultValue: T, onChange?: (next: T, ...extra: A) => void) {
  const [own, setOwn] = useState<T>(defaultValue);
  const current = value !== undefined ? value : own;
  const set = (next: T, ...extra: A) => {
    setOwn(next);
    onChange?.(next, ...extra);
  };
  return [current, set] as const;
}
