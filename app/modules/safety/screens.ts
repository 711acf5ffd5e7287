import { defineScreens } from "~/modules/screens/define";

/**
 * The spec's site-safety screens this domain has built, and the function codes beyond the six: who issues a
 * rectification notice and who reviews and rechecks it, who approves an accident filing (docs/safety.md).
 */
export default defineScreens({
  built: ["/safeInspectionCheck", "/hazardInvestigation", "/safetyReform", "/accidentProposal"],
  actions: {
    safetyReform: [
      { key: "issue", label: { zh: "下发", en: "Issue" } },
      { key: "review", label: { zh: "复核复查", en: "Review and recheck" } },
    ],
    accidentProposal: [{ key: "approve", label: { zh: "审批", en: "Approve" } }],
  },
});
