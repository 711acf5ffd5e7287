// A Vitest reporter for `npm test`: Vitest's JSON report does not say which tests passed only on a retry, so this
// one writes their names (`<file> › <describe> › <title>`) to the file named by VITEST_FLAKY_FILE, for the summary.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const retried = testCase.diagnostic()?.retryCount ?? 0;
    if (retried > 0 && testCase.result().state === "passed") {
      this.flaky.push(`${relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName.replaceAll(" > ", " › ")} (passed on retry ${retried})`);
    }
  }

  onTestRunEnd() {
    if (process.env.VITEST_FLAKY_FILE) writeFileSync(process.env.VITEST_FLAKY_FILE, JSON.stringify(this.flaky));
  }
}
