import { ModalFrame, type DialogProps } from "./dialog";

/** Drawer from the right edge, full height, with the dialog's defaults (70vw, no backdrop close, Esc closes, focus trapped, title required). */
export function Drawer(props: DialogProps) {
  return <ModalFrame {...props} placement="right" />;
}
