import { z } from "zod";
import { cleanNote } from "~/lib/validators";
import type { SettingsDefinition } from "~/modules/settings/settings.server";
import { contractPdfView } from "./settings";
import { DEFAULT_TEMPLATES, unknownPlaceholders } from "./template";

const template = z
  .string()
  .overwrite(cleanNote)
  .max(20000, "contractDocs:template.tooLong")
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length) ctx.addIssue({ code: "custom", message: `contractDocs:template.unknown|${unknown.map((u) => `{{${u}}}`).join(", ")}` });
  });

/** The printed contract's templates: saved as typed (an emptied one prints the default), unknown placeholders refused. */
export const contractPdfSettings: SettingsDefinition = {
  view: contractPdfView,
  defaults: { templateZh: DEFAULT_TEMPLATES["zh-CN"], templateEn: DEFAULT_TEMPLATES["en-US"] },
  schema: z.object({ templateZh: template, templateEn: template }),
};
