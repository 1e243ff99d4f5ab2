// Reading a finished `chaco balance` study back: its identity (pool, options, data) from balance.json and
// a scenario's equilibrium (Paraguay's value with its interval, each side's mix) from equilibrium.csv,
// each policy of a mix resolved through the study's pool. What `chaco best-response --balance` holds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMix } from '../report/balance-report.js';
import { poolFor } from './policy-pool.js';
import { UsageError } from './usage-error.js';

/** A policy of a mix: its pool label, the policy each side plays under it, and its weight. */
export interface MixEntry {
  readonly label: string;
  readonly par: string | null;
  readonly bol: string | null;
  readonly weight: number;
}

export interface Mixes {
  readonly PAR: readonly MixEntry[];
  readonly BOL: readonly MixEntry[];
}

export interface BalanceEquilibrium {
  /** Paraguay's win probability at equilibrium and its 95% interval. */
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  readonly mixes: Mixes;
  /** The fair bid at equilibrium (VP to Paraguay; negative: to Bolivia), NaN when the study has none. */
  readonly bid: number;
  /** Both sides' mixes at the fair bid; null for a study written before they were (no par_mix_at_bid column). */
  readonly mixesAtBid: Mixes | null;
  /** The rules options the study played with, and the data hash of this scenario's games. */
  readonly options: readonly string[];
  readonly dataHash: string | null;
}

/** The fields of one CSV line as csv-stringify writes them (quoted when they hold a comma or a quote). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '',
    quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

interface BalanceJson {
  readonly command?: string;
  readonly status?: string;
  readonly identity?: {
    readonly scenarios?: readonly string[];
    readonly dataHashes?: readonly string[];
    readonly pool?: readonly string[];
    readonly options?: readonly string[];
  };
}

/** The equilibrium of `scenarioId` (given on the command line as `scenarioArg`) in the balance study at `folder`; refused in one line when it is not there. */
export function readBalanceEquilibrium(folder: string, scenarioArg: string, scenarioId: string): BalanceEquilibrium {
  const flag = `--balance ${folder}`;
  const jsonFile = join(folder, 'balance.json'),
    csvFile = join(folder, 'equilibrium.csv');
  if (!existsSync(jsonFile) || !existsSync(csvFile))
    throw new UsageError(`${flag}: no balance.json and equilibrium.csv there; name the folder of a finished chaco balance study`);
  let study: BalanceJson;
  try {
    study = JSON.parse(readFileSync(jsonFile, 'utf8')) as BalanceJson;
  } catch {
    throw new UsageError(`${flag}: balance.json is not JSON; name the folder of a finished chaco balance study`);
  }
  const id = study.identity;
  if (study.command !== 'balance' || !id?.pool || !id.scenarios)
    throw new UsageError(`${flag}: balance.json was not written by chaco balance`);
  if (study.status !== 'complete')
    throw new UsageError(
      `${flag}: the study is ${study.status ?? 'not finished'}; resume it to the end first (its reproduce line in balance.json)`,
    );
  const [head, ...rows] = readFileSync(csvFile, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map(csvFields);
  const col = (name: string) => head!.indexOf(name);
  const row = rows.find((r) => r[col('scenario')] === scenarioId);
  if (!row)
    throw new UsageError(
      `${flag}: the study has no equilibrium for ${scenarioId} (it has ${rows.map((r) => r[col('scenario')]).join(', ')})`,
    );
  const entries = poolFor(id.pool, scenarioId);
  const mix = (side: 'par' | 'bol', suffix = ''): MixEntry[] => {
    const text = row[col(`${side}_mix${suffix}`)] ?? '';
    const parsed = parseMix(text);
    if (!parsed)
      throw new UsageError(`${flag}: equilibrium.csv's ${side}_mix${suffix} for ${scenarioId} ("${text}") is not a mix of policies`);
    return parsed.map((m) => {
      // The pool's entry of that name that plays this side (a Paraguayan and a Bolivian plan file may share a name).
      const e = entries.find((x) => x.label === m.label && x[side] !== null);
      if (!e)
        throw new UsageError(
          `${flag}: the ${side === 'par' ? 'Paraguayan' : 'Bolivian'} mix names ${m.label}, which the study's pool (${id.pool!.join(',')}) does not give that side`,
        );
      return { label: e.label, par: e.par, bol: e.bol, weight: m.weight };
    });
  };
  const k = id.scenarios.findIndex((s) => s === scenarioArg || s === scenarioId);
  return {
    value: Number(row[col('value')]),
    lo: Number(row[col('lo')]),
    hi: Number(row[col('hi')]),
    mixes: { PAR: mix('par'), BOL: mix('bol') },
    bid: col('fair_bid') >= 0 && row[col('fair_bid')] !== '' ? Number(row[col('fair_bid')]) : NaN,
    mixesAtBid: col('par_mix_at_bid') >= 0 ? { PAR: mix('par', '_at_bid'), BOL: mix('bol', '_at_bid') } : null,
    options: id.options ?? [],
    dataHash: k >= 0 ? (id.dataHashes?.[k] ?? null) : null,
  };
}
