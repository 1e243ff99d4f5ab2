// zod pieces shared by every data file: hexes, hexsides, paths, sides, months, estimate marks.
import { z } from 'zod';

export const hexLabel = z.string().regex(/^\d{4}$/, { message: 'a hex is four digits "XXYY" (column, row), e.g. "2807"' });
export const hexsideLabel = z.string().regex(/^\d{4}\/\d{4}$/, { message: 'a hexside is "XXYY/XXYY", the two hexes it separates' });
export const hexPath = z.string().regex(/^\d{4}( +\d{4})*$/, { message: 'a hex path is hexes "XXYY" separated by spaces' });
export const sideCode = z.enum(['BOL', 'PAR'], { message: 'a side is "BOL" or "PAR"' });
export const month = z.string().regex(/^(19\d\d)-(0[1-9]|1[0-2])$/, { message: 'a month is "YYYY-MM", e.g. "1932-09"' });
export const estimated = z.union([z.boolean(), z.array(z.string())]).optional();
export const about = z.union([z.string(), z.array(z.string())]).optional();
export const count = z.number().int().nonnegative();

/** "1932-09" -> months since year 0, for arithmetic on the calendar. */
export function monthIndex(m: string): number {
  return Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
}

export function monthLabel(index: number): string {
  const y = Math.floor(index / 12),
    m = (index % 12) + 1;
  return `${y}-${m < 10 ? '0' : ''}${m}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "September 1932". */
export function monthName(index: number): string {
  return `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}`;
}
