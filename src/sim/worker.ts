// The piscina worker: plays one shard of a run per task (compiled to dist/sim/worker.js).
import { playChunk, type ChunkResult, type ChunkTask } from './shard.js';

export default function playShard(task: ChunkTask): Promise<ChunkResult> {
  return playChunk(task);
}
