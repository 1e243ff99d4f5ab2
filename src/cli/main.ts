// The chaco command: parses the line with the chaco program (program.ts); one handler reports errors and sets the exit code.
import { reportError } from './errors.js';
import { chacoProgram } from './program.js';

const program = chacoProgram();

// --debug may stand anywhere on the line: taken out before the commands parse theirs.
const debug = process.argv.includes('--debug');
try {
  await program.parseAsync(process.argv.filter((a) => a !== '--debug'));
} catch (err) {
  const r = reportError(err, debug);
  if (r.text !== '') process.stderr.write(r.text);
  process.exitCode = r.code;
}
