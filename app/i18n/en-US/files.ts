import type { Translation } from "../types";
import type zh from "../zh-CN/files";

export default {
  rules: {
    imageType: "Only JPEG, PNG and JPG images can be uploaded.",
    pdfType: "Only PDF files can be uploaded.",
    tooLarge: "The file must not be larger than {{size}} MB.",
    overCount: "You can upload at most {{limit}} files.",
    sameName: "A file named {{name}} already exists.",
    empty: "The file is empty.",
    countReached: "The attachment limit has been reached.",
  },
  api: {
    noFile: "Choose a file to upload.",
    badRequest: "The upload request is malformed.",
    notFound: "The file does not exist or has been deleted.",
    uploaded: "Uploaded",
  },
  upload: {
    add: "Add file ({{count}}/{{limit}})",
    choose: "Upload",
    drop: "Drop files here, or click to upload",
    uploading: "Uploading",
    failed: "Upload failed",
    confirmDelete: "Delete this file?",
    delete: "Delete",
    download: "Download",
    view: "View",
    cancel: "Cancel",
    ok: "OK",
    list: "Uploaded files",
  },
  preview: {
    title: "File preview",
    counter: "{{current}} / {{total}}",
    previous: "Previous",
    next: "Next",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    reset: "Reset",
    rotate: "Rotate",
    close: "Close",
    newTab: "Open in a new tab",
  },
} satisfies Translation<typeof zh>;
