// The chaco command: registers each command; one handler reports errors and sets the exit code.
import { Command, CommanderError } from 'commander';
import { DataError } from '../data/issues.js';
import { registerScenarios } from './scenarios.js';
import { registerValidate } from './validate.js';
import { registerMap } from './map.js';
import { registerOptions } from './options.js';
import { registerRun } from './run.js';
import { registerBid } from './bid.js';
import { registerCompare } from './compare.js';
import { registerMerge } from './merge.js';
import { registerWorker } from './worker.js';
import { registerBalance } from './balance.js';
import { registerSensitivity } from './sensitivity.js';
import { registerLadder } from './ladder.js';
import { registerHistory } from './history.js';
import { registerTune } from './tune.js';
import { registerReplay } from './replay.js';
import { VERSION } from './version.js';
import { UsageError } from './usage-error.js';

const program = new Command()
  .name('chaco')
  .description('Monte Carlo balance and scenario analysis for The Chaco War (Command Magazine #12, 1991)')
  .version(VERSION)
  .showHelpAfterError()
  .exitOverride();

registerScenarios(program);
registerValidate(program);
registerMap(program);
registerOptions(program);
registerRun(program);
registerReplay(program);
registerBid(program);
registerCompare(program);
registerMerge(program);
registerWorker(program);
registerBalance(program);
registerSensitivity(program);
registerLadder(program);
registerHistory(program);
registerTune(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    process.exitCode = err.exitCode;
  } else if (err instanceof DataError) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  } else if (err instanceof UsageError) {
    process.stderr.write(`chaco: ${err.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`chaco: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
