/** Builds the leanaudit command-line program. */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';
import { InputError } from './core/errors.js';
import { toolVersion } from './core/paths.js';

/**
 * The commander program for `argv`: the command it names, loaded and registered whole, or (for
 * `--help`, `--version`, no or an unknown command) every command by name and summary, loading none.
 */
export async function buildProgram(argv: readonly string[]): Promise<Command> {
  const program = new Command('leanaudit')
    .description('Audit Lean 4 formalization projects beyond kernel acceptance')
    .version(toolVersion())
    .exitOverride()
    .showHelpAfterError('(leanaudit --help lists the commands)');
  const words = argv.slice(2).filter((arg) => !arg.startsWith('-'));
  // `leanaudit help audit` asks for the help of `audit`, which it must then load.
  const word = words[0] === 'help' ? words[1] : words[0];
  const named = COMMANDS.find((entry) => entry.name === word);
  if (named) (await named.load())(program);
  else for (const entry of COMMANDS) program.command(entry.name).description(entry.summary);
  // A mistake gets its error and where to look, not the whole help.
  for (const command of program.commands) command.showHelpAfterError(`(leanaudit ${command.name()} --help lists its options)`);
  return program;
}

/** Parses argv and runs; exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or input error, 3 an auditor failed. */
export async function main(argv: string[]): Promise<number> {
  try {
    await (await buildProgram(argv)).parseAsync(argv);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof InputError) {
      process.stderr.write(`leanaudit: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv);
