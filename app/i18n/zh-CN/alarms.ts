/** Texts of the alarms screens. */
export default {
  title: "alarms",
};
