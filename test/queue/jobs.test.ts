// The queue's pieces that need no Redis: what a shard job carries (portable paths, its id), how a worker
// tells a job made by other code or from other data, the result's round trip through JSON, and the
// runner's use of a pool that fixes its shards (the queue puts every shard on it at once).
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR } from '../../src/data/load.js';
import { emptyAggregate, aggregateShape } from '../../src/sim/aggregate.js';
import { runGames } from '../../src/sim/runner.js';
import { chacoGame, playChunk, type ChacoChunk, type ChacoPool } from '../../src/sim/chaco-game.js';
import type { ChunkTask } from '../../src/sim/shard.js';
import { prepareRun, type RunSpec } from '../../src/sim/spec.js';
import { decodeChunk, encodeChunk, gamesKind as gamesKindOf, type GamesPayload } from '../../src/sim/queue/games.js';
import { codeIdentity, differences, localPath, PACKAGE_ROOT, portablePath } from '../../src/sim/queue/identity.js';
import { jobId, type ShardJob } from '../../src/sim/queue/job.js';
import { randomSpec } from '../helpers/spec.js';

const gamesKind = gamesKindOf(chacoGame);
const mapSpecPaths = chacoGame.mapPaths;

const spec = randomSpec('jobs');

describe('shard jobs', () => {
  test("a shard's result comes back from JSON as the same games, rows and aggregate", async () => {
    const c = await playChunk({ spec, from: 3, to: 6 });
    const back = decodeChunk(JSON.parse(JSON.stringify(encodeChunk(c))));
    expect(back).toEqual(c);
    expect(back.margin_g).toBeInstanceOf(Int32Array);
    expect(back.endTurn_g).toBeInstanceOf(Uint8Array);
  });

  test("paths inside the package travel as package: paths and land in the worker's own copy; others as given", () => {
    const plan = join(PACKAGE_ROOT, 'policies', 'boqueron-par-historical.json');
    expect(portablePath(DEFAULT_DATA_DIR)).toBe('package:scenarios');
    expect(portablePath(plan)).toBe('package:policies/boqueron-par-historical.json');
    expect(localPath('package:policies/x.json', '/opt/chaco')).toBe('/opt/chaco/policies/x.json');
    expect(portablePath('/srv/data/my-scenarios')).toBe('/srv/data/my-scenarios');
    expect(localPath('/srv/data/my-scenarios')).toBe('/srv/data/my-scenarios');
    const given: RunSpec = { ...spec, par: `${plan}+noAir`, bol: 'balanced+noAir' };
    const out = mapSpecPaths(given, (p) => portablePath(p));
    expect(out).toMatchObject({
      dataDir: 'package:scenarios',
      scenario: 'boqueron',
      par: 'package:policies/boqueron-par-historical.json+noAir',
      bol: 'balanced+noAir',
    });
    expect(mapSpecPaths(out, (p) => localPath(p))).toEqual(given);
  });

  test('a worker with another data folder (--data) reads its own files, whose hash is then compared', () => {
    const payload: GamesPayload<RunSpec> = { spec: mapSpecPaths(spec, (p) => portablePath(p)), from: 0, to: 10, decisionTimeoutMs: 0 };
    const local = gamesKind.localise(payload, { dataDir: '/srv/other' });
    expect(local.spec.dataDir).toBe('/srv/other');
    expect(gamesKind.describe(local)).toBe('boqueron seed jobs, games 0–9 with the data in /srv/other');
    expect(gamesKind.inputs(local)).toEqual({ 'the data files': null });
    expect(gamesKind.inputs(gamesKind.localise(payload, {}))['the data files']).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  test("a search's job carries the hashes of the tuned files it plays as its base plan and as an opponent in its pool; other policies' jobs do not", () => {
    const payload = (par: string, bol: string): GamesPayload<RunSpec> => ({
      spec: mapSpecPaths({ ...spec, par, bol }, (p) => portablePath(p)),
      from: 0,
      to: 10,
      decisionTimeoutMs: 0,
    });
    const inputs = gamesKind.inputs(gamesKind.localise(payload('balanced', 'search:4:pool'), {}));
    expect(Object.keys(inputs)).toEqual(['the data files', "the BOL search's tuned file", "the BOL search's opponent's tuned file"]);
    expect(inputs["the BOL search's tuned file"]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(inputs["the BOL search's opponent's tuned file"]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(inputs["the BOL search's opponent's tuned file"]).not.toBe(inputs["the BOL search's tuned file"]);
    // The balanced opponent alone (the default) reads no opponent's file.
    expect(Object.keys(gamesKind.inputs(gamesKind.localise(payload('balanced', 'search'), {})))).toEqual([
      'the data files',
      "the BOL search's tuned file",
    ]);
    expect(Object.keys(gamesKind.inputs(gamesKind.localise(payload('balanced', 'balanced'), {})))).toEqual(['the data files']);
  });

  test('a job made by other code or from other inputs is told apart by what differs', () => {
    const here = { code: { version: '0.1.0', commit: 'a'.repeat(40), code: 'sha256:1111' }, inputs: { 'the data files': 'sha256:2222' } };
    expect(differences(here, here)).toEqual([]);
    expect(differences({ ...here, code: { ...here.code, commit: 'b'.repeat(40) } }, here)).toEqual([
      'made by commit bbbbbbbbbbbb, this worker runs aaaaaaaaaaaa',
    ]);
    expect(differences({ ...here, code: { ...here.code, code: 'sha256:9999' } }, here)).toEqual([
      'compiled code 9999 there, 1111 here (npm run build on the same commit)',
    ]);
    expect(differences({ ...here, code: { ...here.code, version: '0.2.0' } }, here)).toEqual([
      'made by chaco 0.2.0, this worker is chaco 0.1.0',
    ]);
    expect(differences({ ...here, inputs: { 'the data files': 'sha256:3333' } }, here)).toEqual(['the data files: 3333 there, 2222 here']);
    expect(differences(here, { ...here, inputs: { 'the data files': null } })).toEqual(['the data files: missing here']);
  });

  test('the same shard of the same run is the same job; another range, seed or code is another', () => {
    const payload = (from: number, seed = 'jobs'): GamesPayload<RunSpec> => ({
      spec: { ...spec, seed },
      from,
      to: from + 10,
      decisionTimeoutMs: 0,
    });
    const job = (p: GamesPayload<RunSpec>, submitter = 'a:1'): ShardJob => ({
      kind: 'games',
      code: codeIdentity(),
      inputs: {},
      payload: p,
      submitter,
    });
    expect(jobId(job(payload(0)))).toBe(jobId(job(payload(0), 'b:2')));
    expect(jobId(job(payload(0)))).toMatch(/^games-[0-9a-f]{32}$/);
    expect(jobId(job(payload(10)))).not.toBe(jobId(job(payload(0))));
    expect(jobId(job(payload(0, 'other')))).not.toBe(jobId(job(payload(0))));
    expect(jobId({ ...job(payload(0)), code: { ...codeIdentity(), commit: null } })).not.toBe(
      jobId({ ...job(payload(0)), code: { ...codeIdentity(), commit: 'x' } }),
    );
  });

  test('a pool that fixes the shard size gets shards of that size, all in flight at once, with the decision timeout', async () => {
    const { scenario, options } = prepareRun(spec);
    const shape = aggregateShape(scenario, options);
    const tasks: ChunkTask<RunSpec>[] = [];
    let release!: () => void;
    const gate = new Promise<void>((ok) => {
      release = ok;
    });
    const pool: ChacoPool = {
      game: chacoGame,
      threads: 1,
      shardSize: 7,
      window: Number.POSITIVE_INFINITY,
      run: async (task) => {
        tasks.push(task);
        if (tasks.length === 5) release();
        await gate; // no shard finishes before every shard was handed out
        const n = task.to - task.from;
        const result: ChacoChunk = {
          from: task.from,
          to: task.to,
          done: task.to,
          csv: '',
          margin_g: new Int32Array(n),
          winner_g: new Uint8Array(n),
          end_g: new Uint8Array(n),
          endTurn_g: new Uint8Array(n),
          aggregate: emptyAggregate(shape),
        };
        return result;
      },
      close: async () => {},
    };
    const out = await runGames(pool, spec, shape, { games: 30, decisionTimeoutMs: 2500 });
    expect(out.played).toBe(30);
    expect(tasks.map((t) => [t.from, t.to])).toEqual([
      [0, 7],
      [7, 14],
      [14, 21],
      [21, 28],
      [28, 30],
    ]);
    expect(tasks.every((t) => t.decisionTimeoutMs === 2500)).toBe(true);
  });
});
