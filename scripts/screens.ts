// npm run screens: every spec screen with its status, then the counts per group and in total.
// `--json <file>` writes the registry (the domains' screens included) to that file instead: the e2e layer reads it,
// since Playwright's loader cannot gather the domains' declarations.
import { writeFileSync } from "node:fs";
import { SCREEN_GROUPS, SCREENS } from "../app/modules/screens/registry";

const json = process.argv.indexOf("--json");
if (json > 0) {
  writeFileSync(process.argv[json + 1]!, JSON.stringify(SCREENS));
  process.exit(0);
}

for (const s of SCREENS) console.log(`${s.path.padEnd(34)} ${s.status}`);
console.log("");
const count = (list: typeof SCREENS) => `${list.filter((s) => s.status === "built").length} built, ${list.filter((s) => s.status === "planned").length} planned`;
for (const g of SCREEN_GROUPS) {
  const list = SCREENS.filter((s) => s.group === g.key);
  if (list.length) console.log(`${g.key.padEnd(10)} ${g.en.padEnd(22)} ${String(list.length).padStart(3)} screens: ${count(list)}`);
}
console.log(`${"total".padEnd(33)} ${String(SCREENS.length).padStart(3)} screens: ${count(SCREENS)}`);
