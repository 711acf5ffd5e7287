/** Texts of the telematics screens. */
export default {
  title: "telematics",
};
