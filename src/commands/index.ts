/** Every subcommand; each module adds itself to the program. One line per command. */
import type { Command } from 'commander';
import { registerAgreementCommand } from './agreement.js';
import { registerAuditCommand } from './audit.js';
import { registerAuditorsCommand } from './auditors.js';
import { registerCalibrateCommand } from './calibrate.js';
import { registerContaminationCommand } from './contamination.js';
import { registerExtractCommand } from './extract.js';
import { registerMergeCommand } from './merge.js';
import { registerProbeCommand } from './probe.js';
import { registerSampleCommand } from './sample.js';
import { registerScanCommand } from './scan.js';

export const COMMANDS: ((program: Command) => void)[] = [
  registerAuditorsCommand,
  registerContaminationCommand,
  registerAuditCommand,
  registerMergeCommand,
  registerScanCommand,
  registerSampleCommand,
  registerAgreementCommand,
  registerCalibrateCommand,
  registerExtractCommand,
  registerProbeCommand,
];
