// The pieces the tables of columns (columns.ts, columns-studies.ts) share: the columns found in many
// files, described once, and the shape of one file's entry.

/** Columns found in many files, described once. */
export const COMMON: Readonly<Record<string, string>> = {
  scenario: 'scenario id (chaco scenarios)',
  games: 'games behind the row',
  side: 'PAR (Paraguay) or BOL (Bolivia)',
  policy: "policy name as given (a built-in, a plan file's name, a module's name)",
  lo: 'lower end of the 95% interval of the figure before it',
  hi: 'upper end of the 95% interval of the figure before it',
};

export interface CsvFile {
  readonly file: string;
  /** Which commands write it. */
  readonly by: string;
  readonly columns: Readonly<Record<string, string>>;
}
