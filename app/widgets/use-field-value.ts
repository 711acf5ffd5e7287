import { useEffect, useState } from "react";

/** The value of a form control by id while the page runs (null before): a preview beside the generic fields reads it. */
export function useFieldValue(id: string): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!el) return;
    const read = () => setValue(el.value);
    read();
    el.addEventListener("input", read);
    el.addEventListener("change", read);
    return () => {
      el.removeEventListener("input", read);
      el.removeEventListener("change", read);
    };
  }, [id]);
  return value;
}
