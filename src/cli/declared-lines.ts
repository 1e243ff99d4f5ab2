// Which commands print or record command lines, and their flag schemas (sim/command-line.ts): a command
// declares its schema where it registers its flags, and the tests read it back from the program to
// check every flag is declared as changing what the command writes or not.
import type { Command } from 'commander';
import type { LineSchema } from '../sim/command-line.js';

const declared = new WeakMap<Command, LineSchema>();

/** Declares the line schema of a registered command; returns the command. */
export function declareLine(cmd: Command, schema: LineSchema): Command {
  declared.set(cmd, schema);
  return cmd;
}

/** The line schema a command declared, if it prints or records command lines. */
export function declaredLine(cmd: Command): LineSchema | undefined {
  return declared.get(cmd);
}
