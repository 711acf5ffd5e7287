export * from "./tenant";
export * from "./auth";
export * from "./access";
export * from "./settings";
export * from "./dictionary";
export * from "./files";
export * from "./audit";
export * from "./counts";
