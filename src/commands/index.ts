/** Every subcommand; each module adds itself to the program. One line per command. */
import type { Command } from 'commander';
import { registerAuditorsCommand } from './auditors.js';
import { registerCalibrateCommand } from './calibrate.js';
import { registerSampleCommand } from './sample.js';
import { registerAgreementCommand } from './agreement.js';

export const COMMANDS: ((program: Command) => void)[] = [
  registerAuditorsCommand,
  registerSampleCommand,
  registerAgreementCommand,
  registerCalibrateCommand,
];
