// The piscina worker: plays one shard of a run per task (compiled to dist/sim/worker.js), posting each
// game on the task's port as it finishes.
import { playChunk, type ChunkResult, type ChunkTask } from './shard.js';

export default function playShard(task: ChunkTask): Promise<ChunkResult> {
  const { port, ...rest } = task;
  return playChunk(rest, port ? (g) => port.postMessage(g) : undefined);
}
