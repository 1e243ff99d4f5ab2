// The two sides. Paraguay always moves first in a game turn (4.2).
export const PAR = 0,
  BOL = 1;
export type Side = 0 | 1;
export const SIDE_CODES = ['PAR', 'BOL'] as const;
export type SideCode = (typeof SIDE_CODES)[number];

export function sideFromCode(code: SideCode): Side {
  return code === 'PAR' ? PAR : BOL;
}

export function otherSide(side: Side): Side {
  return side === PAR ? BOL : PAR;
}
