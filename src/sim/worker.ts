// Chaco's piscina worker: plays one shard of a run per task (compiled to dist/sim/worker.js, the file
// chacoGame.workerFile names), posting each game on the task's port as it finishes.
import type { Aggregate } from './aggregate.js';
import { chacoGame } from './chaco-game.js';
import { playShard, type ChunkResult, type ChunkTask } from './shard.js';
import type { RunSpec } from './spec.js';

export default function playChacoShard(task: ChunkTask<RunSpec>): Promise<ChunkResult<Aggregate>> {
  const { port, ...rest } = task;
  return playShard(chacoGame, rest, port ? (g) => port.postMessage(g) : undefined);
}
