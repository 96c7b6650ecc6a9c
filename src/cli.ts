/** Builds the leanaudit command-line program. */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';
import { InputError } from './core/errors.js';
import { followParent } from './core/launch.js';
import { toolVersion } from './core/paths.js';

/** The commander program with every subcommand registered. */
export function buildProgram(): Command {
  const program = new Command('leanaudit')
    .description('Audit Lean 4 formalization projects beyond kernel acceptance')
    .version(toolVersion())
    .exitOverride()
    .showHelpAfterError();
  for (const register of COMMANDS) register(program);
  return program;
}

/** Parses argv and runs; exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or input error, 3 an auditor failed. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
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

followParent();
process.exitCode = await main(process.argv);
