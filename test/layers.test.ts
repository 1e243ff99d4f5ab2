// Dependencies point one way (README, Layout): cli → report → sim → policy → data → core → analysis (the
// statistics and game theory, which know nothing of the game and any layer may use). A static scan
// of every import in src/**/*.ts (`from '...'`, `import '...'`, `import('...')`, type imports too) fails
// naming the file, the line and the import of any edge that goes up the order; games are played only in
// sim; a command's file is imported only by the entry that registers it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, test } from 'vitest';

/** From the bottom: a file may import its own layer and the layers before it, never one after it. */
const LAYERS = ['analysis', 'core', 'data', 'policy', 'sim', 'report', 'cli'] as const;
const ORDER = [...LAYERS].reverse().join(' → ');

interface SourceFile {
  /** Path from the repository root, with forward slashes: src/sim/aggregate.ts. */
  readonly file: string;
  readonly text: string;
}

interface Import {
  readonly specifier: string;
  readonly line: number;
  readonly typeOnly: boolean;
  /** The bindings between `import` and `from` (`{ a, type B }`, `* as x`, `x`); '' for `import '...'` and `import('...')`. */
  readonly bindings: string;
}

/** Every import and re-export of a file's text, with its line. */
export function importsOf(text: string): Import[] {
  const out: Import[] = [];
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(/(?<![\w.$])(import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    out.push({ specifier: m[4]!, line: lineAt(m.index), typeOnly: m[2] !== undefined, bindings: m[3]! });
  }
  for (const m of text.matchAll(/(?<![\w.$])import\s*(?:\(\s*)?['"]([^'"]+)['"]/g))
    out.push({ specifier: m[1]!, line: lineAt(m.index), typeOnly: false, bindings: '' });
  return out;
}

/** The file an import names, from the repository root (src/sim/stats.ts), or null for a package. */
function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return posix.join(posix.dirname(from), specifier).replace(/\.js$/, '.ts');
}

/**
 * The toolkit: what plays games it knows only through a GameModule (sim/game-module.ts): shards, the
 * runner, the pool, the decision watch, progress, the code's version and the queue. It imports only
 * itself and src/analysis, so a second game of the family could take it as it is.
 */
const TOOLKIT = new Set([
  'src/sim/game-module.ts',
  'src/sim/shard.ts',
  'src/sim/runner.ts',
  'src/sim/pool.ts',
  'src/sim/watch.ts',
  'src/sim/progress.ts',
  'src/sim/code-version.ts',
]);
const inToolkit = (file: string) => TOOLKIT.has(file) || file.startsWith('src/sim/queue/');

/** The layer of a file under src/ (its first folder), or null outside src/. */
function layerOf(file: string): string | null {
  const m = /^src\/([^/]+)\//.exec(file);
  return m ? m[1]! : null;
}

/** Every way the files break the layering, one line each: file:line, the import and what is wrong. */
export function layeringErrors(files: readonly SourceFile[]): string[] {
  const errors: string[] = [];
  const commands = new Set(
    files.filter((f) => f.file.startsWith('src/cli/') && /export (async )?function register[A-Z]/.test(f.text)).map((f) => f.file),
  );
  for (const { file, text } of files) {
    const from = layerOf(file);
    if (from === null) continue;
    const rank = (LAYERS as readonly string[]).indexOf(from);
    if (rank < 0) errors.push(`${file}: src/${from} is not a layer (${ORDER}): place it in the order (test/layers.test.ts, README Layout)`);
    for (const imp of importsOf(text)) {
      const to = target(file, imp.specifier);
      if (to === null) continue;
      const where = `${file}:${imp.line} imports '${imp.specifier}'`;
      const into = layerOf(to);
      if (into === null) errors.push(`${where}: outside src/`);
      else if ((LAYERS as readonly string[]).indexOf(into) > rank && rank >= 0)
        errors.push(`${where}: ${from} may not import ${into} (${ORDER})`);
      if (
        to === 'src/core/play.ts' &&
        !imp.typeOnly &&
        /\bplayGame\b|\*/.test(imp.bindings.replace(/\btype\s+\w+/g, '')) &&
        from !== 'core' &&
        from !== 'sim'
      ) {
        errors.push(`${where}: games are played only in sim (sim/logged-games.ts, sim/chaco-game.ts)`);
      }
      if (inToolkit(file) && into !== null && into !== 'analysis' && !inToolkit(to))
        errors.push(
          `${where}: the toolkit knows the game only through its GameModule (sim/game-module.ts); it imports itself and analysis`,
        );
      if (commands.has(to) && file !== 'src/cli/program.ts')
        errors.push(
          `${where}: a command's file is imported only by src/cli/program.ts; move what is shared into a module named for what it does`,
        );
    }
  }
  return errors;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') ? [{ file: path, text: readFileSync(path, 'utf8') }] : [];
    });
}

describe('layers', () => {
  test('the toolkit (shards, runner, pool, queue) imports nothing of the game: only itself and analysis', () => {
    const files: SourceFile[] = [
      {
        file: 'src/sim/runner.ts',
        text: "import type { GameModule } from './game-module.js';\nimport { wilson } from '../analysis/stats.js';\n",
      },
      { file: 'src/sim/queue/games.ts', text: "import { runGames } from '../runner.js';\nimport { prepareRun } from '../spec.js';\n" },
      {
        file: 'src/sim/shard.ts',
        text: "import { stringify } from 'csv-stringify/sync';\nimport type { Policy } from '../core/decisions.js';\n",
      },
      { file: 'src/sim/chaco-game.ts', text: "import { playShard } from './shard.js';\nimport { prepareRun } from './spec.js';\n" },
    ];
    expect(layeringErrors(files)).toEqual([
      "src/sim/queue/games.ts:2 imports '../spec.js': the toolkit knows the game only through its GameModule (sim/game-module.ts); it imports itself and analysis",
      "src/sim/shard.ts:2 imports '../core/decisions.js': the toolkit knows the game only through its GameModule (sim/game-module.ts); it imports itself and analysis",
    ]);
  });

  test('no import in src goes up the order cli → report → sim → policy → data → core → analysis', () => {
    const files = sourceFiles('src');
    expect(files.length).toBeGreaterThan(100);
    expect(layeringErrors(files)).toEqual([]);
  });

  test('the scan finds static, re-exported, side-effect, dynamic, multi-line and type imports', () => {
    const text = [
      "import { a, type B } from './a.js';",
      'import type { C } from "../core/c.js";',
      "export { d } from './d.js';",
      "import './e.js';",
      "const f = await import('../f.js');",
      'import {',
      '  g,',
      "} from './g.js';",
      "import * as h from './h.js';",
    ].join('\n');
    expect(importsOf(text).map((i) => [i.specifier, i.line, i.typeOnly])).toEqual([
      ['./a.js', 1, false],
      ['../core/c.js', 2, true],
      ['./d.js', 3, false],
      ['./g.js', 6, false],
      ['./h.js', 9, false],
      ['./e.js', 4, false],
      ['../f.js', 5, false],
    ]);
  });

  test('a made-up back-edge is caught, naming the file, the line and the import', () => {
    const files: SourceFile[] = [
      { file: 'src/sim/aggregate.ts', text: "// sums\nimport { histAdd } from '../report/stats.js';\n" },
      { file: 'src/core/state.ts', text: "import type { Plan } from '../policy/plan.js';\n" },
      { file: 'src/data/load.ts', text: "const m = await import('../sim/spec.js');\n" },
      {
        file: 'src/report/charts.ts',
        text: "import { settlementHexes } from '../sim/aggregate.js';\nimport { wilson } from '../analysis/stats.js';\n",
      },
      { file: 'src/analysis/bid.ts', text: "import { wilson } from './stats.js';\nimport type { Side } from '../core/side.js';\n" },
    ];
    expect(layeringErrors(files)).toEqual([
      "src/sim/aggregate.ts:2 imports '../report/stats.js': sim may not import report (cli → report → sim → policy → data → core → analysis)",
      "src/core/state.ts:1 imports '../policy/plan.js': core may not import policy (cli → report → sim → policy → data → core → analysis)",
      "src/data/load.ts:1 imports '../sim/spec.js': data may not import sim (cli → report → sim → policy → data → core → analysis)",
      "src/analysis/bid.ts:2 imports '../core/side.js': analysis may not import core (cli → report → sim → policy → data → core → analysis)",
    ]);
  });

  test('a game played outside sim, a command file imported by another and an unplaced folder are caught', () => {
    const files: SourceFile[] = [
      {
        file: 'src/cli/history.ts',
        text: "import { playGame } from '../core/play.js';\nimport type { GameResult } from '../core/play.js';\nimport { poolFor } from './balance.js';\n",
      },
      { file: 'src/cli/balance.ts', text: 'export function registerBalance(program) {}\n' },
      { file: 'src/cli/program.ts', text: "import { registerBalance } from './balance.js';\n" },
      { file: 'src/sim/chaco-game.ts', text: "import { playGame, type GameResult } from '../core/play.js';\n" },
      { file: 'src/stats/wilson.ts', text: "import { z } from 'zod';\n" },
    ];
    expect(layeringErrors(files)).toEqual([
      "src/cli/history.ts:1 imports '../core/play.js': games are played only in sim (sim/logged-games.ts, sim/chaco-game.ts)",
      "src/cli/history.ts:3 imports './balance.js': a command's file is imported only by src/cli/program.ts; move what is shared into a module named for what it does",
      'src/stats/wilson.ts: src/stats is not a layer (cli → report → sim → policy → data → core → analysis): place it in the order (test/layers.test.ts, README Layout)',
    ]);
  });
});
