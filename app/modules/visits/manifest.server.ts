import { defineManifest } from "~/modules/resource/manifest";
import { surveyFormResource, surveyOptions, surveyQuestionResource } from "./survey.server";
import { visitOptions, visitResource } from "./visit.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    customerVisit: { resource: visitResource, options: visitOptions },
    satisfactionForm: { resource: surveyFormResource, options: surveyOptions },
    satisfactionQuestion: { resource: surveyQuestionResource },
  },
});
