/** Texts of the history playback and heat map screens. */
export default {
  title: "playback",
};
