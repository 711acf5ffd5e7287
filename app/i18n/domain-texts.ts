/**
 * The text namespaces the domains bring: each domain's `app/modules/<domain>/texts/<ns>.ts` adds its own here
 *
 *   declare module "~/i18n/domain-texts" { interface DomainTexts { <ns>: typeof zh } }
 *
 * so a key of it is typed like the house's (a wrong key fails tsc) while no shared list names the domain; its texts
 * (`<ns>.zh-CN.ts`, `<ns>.en-US.ts` beside it) are gathered by app/i18n/resources.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declarations
export interface DomainTexts {}
