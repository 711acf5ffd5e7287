import type { Translation } from "~/i18n/types";
import type zh from "./dispatch.zh-CN";

export default {
  signPoint: {
    duplicateName: "A sign-in point of this name already exists",
    project: "The project is at most 50 characters",
    time: "Enter a time as hours:minutes (e.g. 08:00)",
    hoursBoth: "Fill in both the start and end of the sign-in hours, or neither",
    hoursSame: "The sign-in hours cannot end when they start",
  },
} satisfies Translation<typeof zh>;
