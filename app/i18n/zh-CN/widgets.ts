/** Texts of the widgets namespace (spec quotes kept exactly). */
export default {
  placeholder: "",
} as const;
