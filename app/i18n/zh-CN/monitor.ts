/** Texts of the monitor screens. */
export default {
  title: "monitor",
};
