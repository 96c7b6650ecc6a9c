/** Every subcommand; each module adds itself to the program. One line per command. */
import type { Command } from 'commander';
import { registerAuditorsCommand } from './auditors.js';
import { registerExtractCommand } from './extract.js';

export const COMMANDS: ((program: Command) => void)[] = [registerAuditorsCommand, registerExtractCommand];
