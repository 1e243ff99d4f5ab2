// The chaco program: every command registered on one commander program (main.ts parses the line with it;
// the tests read each command's flags from it).
import { Command } from 'commander';
import { refuseEmptyPaths } from './empty-paths.js';
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
import { registerErrata } from './errata.js';
import { registerLadder } from './ladder.js';
import { registerSkill } from './skill.js';
import { registerBestResponse } from './best-response.js';
import { registerHistory } from './history.js';
import { registerTune } from './tune.js';
import { registerReplay } from './replay.js';
import { VERSION } from './version.js';

/** The chaco program with every command. */
export function chacoProgram(): Command {
  const program = new Command()
    .name('chaco')
    .description('Monte Carlo balance and scenario analysis for The Chaco War (Command Magazine #12, 1991)')
    .version(VERSION)
    .option('--debug', 'print the stack trace of any error (to report a fault in chaco); anywhere on the line')
    .configureOutput({
      outputError: (text, write) =>
        write(`chaco: ${text.replace(/^error: /, '').trimEnd()} (chaco <command> --help lists what it takes)\n`),
    })
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
  registerErrata(program);
  registerLadder(program);
  registerSkill(program);
  registerBestResponse(program);
  registerHistory(program);
  registerTune(program);
  refuseEmptyPaths(program);
  return program;
}
