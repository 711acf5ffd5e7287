/** Spec §1/§3: theme1 (themeID 10) is the light default; theme2 (themeID 20) is dark. */
export const THEMES = { light: { theme: "theme1", themeID: 10 }, dark: { theme: "theme2", themeID: 20 } } as const;
export type ThemeName = keyof typeof THEMES;

/** The body class for a theme: the spec's theme class plus Tailwind's dark marker. */
export const bodyThemeClass = (theme: ThemeName) => `${THEMES[theme].theme} ${theme}`;
