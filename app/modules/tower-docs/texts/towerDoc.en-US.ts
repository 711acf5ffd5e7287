import type { Translation } from "~/i18n/types";
import type zh from "./towerDoc.zh-CN";

/** Texts of 塔吊档案. */
export default {
  oneFile: "This tower crane has a file already: add the record to it",
  twice: "This stage can be recorded once only (jacking excepted)",
  beforeEarlier: "Cannot be before the earlier stage's day ({{value}})",
  jackBeforeAccepted: "A jacking needs an inspection and acceptance before it",
  afterDismantled: "Nothing can be recorded after the dismantling",
  section: { title: "Tower crane record", none: "No file yet", open: "Open the file", create: "Create the file", since: "since {{day}}" },
} satisfies Translation<typeof zh>;
