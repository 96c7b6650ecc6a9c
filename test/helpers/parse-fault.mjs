/**
 * Loaded with `node --import` before the CLI: the parser fails, as a parser bug would, on any file
 * with a `syntax` command that would make the word `fault` a command (NameTable is the built one the
 * CLI loads, dist/src/lean/syntax/names.js).
 */
import { NameTable } from '../../dist/src/lean/syntax/names.js';

const addProjectCommand = NameTable.prototype.addProjectCommand;
NameTable.prototype.addProjectCommand = function (word, kind) {
  if (word === 'fault') throw new Error('injected parser fault');
  return addProjectCommand.call(this, word, kind);
};
