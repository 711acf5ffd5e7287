// npm run screens: every spec screen with its status, then the counts per group and in total.
import { SCREEN_GROUPS, SCREENS } from "../app/modules/screens/registry";

for (const s of SCREENS) console.log(`${s.path.padEnd(34)} ${s.status}`);
console.log("");
const count = (list: typeof SCREENS) => `${list.filter((s) => s.status === "built").length} built, ${list.filter((s) => s.status === "planned").length} planned`;
for (const g of SCREEN_GROUPS) {
  const list = SCREENS.filter((s) => s.group === g.key);
  if (list.length) console.log(`${g.key.padEnd(10)} ${g.en.padEnd(22)} ${String(list.length).padStart(3)} screens: ${count(list)}`);
}
console.log(`${"total".padEnd(33)} ${String(SCREENS.length).padStart(3)} screens: ${count(SCREENS)}`);
