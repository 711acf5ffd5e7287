/** JT/T 808 (2013 and 2019) codec: framing, packets and message bodies. See docs/jt808.md, "Codec". */
export * from "./frame";
export * from "./packet";
export * from "./messages";
