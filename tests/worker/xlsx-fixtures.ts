// Large workbooks for the Excel tests on the Worker (tests/worker/xlsx-large.test.ts, xlsx-read-large.test.ts).

/**
 * `rows` rows of `columns` cells under a bold header: texts, a number with a format, a date, a boolean when asked, and
 * texts to fill the row. 5,000 rows × 8 columns are about 1.5 MB of sheet XML.
 */
export function largeSheet(rows: number, columns: number, withBoolean = false) {
  const header = Array.from({ length: columns }, (_, c) => ({ value: `列${c + 1}`, fontWeight: "bold" as const }));
  const fixed = withBoolean ? 5 : 4;
  const row = (i: number) => [
    { value: `机器${i}` },
    { value: `客户${i % 97}` },
    { value: i * 1.25, type: Number, format: "#,##0.00" },
    { value: new Date(Date.UTC(2026, 0, 1 + (i % 365))), type: Date, format: "yyyy-mm-dd" },
    ...(withBoolean ? [{ value: i % 2 === 0, type: Boolean }] : []),
    ...Array.from({ length: columns - fixed }, (_, c) => ({ value: `r${i}c${c + fixed + 1}` })),
  ];
  return [header, ...Array.from({ length: rows }, (_, i) => row(i + 1))];
}

/** The values of largeSheet's last row as a reader gives them back. */
export function lastRowOf(rows: number, columns: number, withBoolean = false) {
  const fixed = withBoolean ? 5 : 4;
  return [`机器${rows}`, `客户${rows % 97}`, rows * 1.25, new Date(Date.UTC(2026, 0, 1 + (rows % 365))), ...(withBoolean ? [rows % 2 === 0] : []), ...Array.from({ length: columns - fixed }, (_, c) => `r${rows}c${c + fixed + 1}`)];
}
