/** Texts of the files namespace (spec quotes kept exactly). */
export default {
  placeholder: "",
} as const;
