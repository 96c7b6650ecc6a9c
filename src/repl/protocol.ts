/**
 * The JSON protocol of leanprover-community/repl: request and response shapes, framing
 * (one JSON object per request and per response, each followed by a blank line) and parsing.
 */

/** 1-based line, 0-based column, as Lean reports them. */
export interface Pos {
  line: number;
  column: number;
}

export interface Message {
  severity: 'error' | 'warning' | 'info' | 'trace';
  pos: Pos;
  endPos?: Pos | null;
  data: string;
}

export interface Sorry {
  proofState?: number | null;
  pos?: Pos;
  endPos?: Pos;
  goal: string;
}

export interface Tactic {
  tactic: string;
  proofState?: number | null;
  pos: Pos;
  endPos: Pos;
  goals: string;
  /** Constants the tactic's term mentions (repl >= v4.14.0). */
  usedConstants?: string[];
}

export interface CommandOptions {
  allTactics?: boolean;
  rootGoals?: boolean;
  infotree?: string;
}

export interface Command extends CommandOptions {
  cmd: string;
  env?: number;
}

export interface FileCommand extends CommandOptions {
  path: string;
  env?: number;
}

export interface ProofStep {
  tactic: string;
  proofState: number;
}

export interface PickleEnvironment {
  pickleTo: string;
  env: number;
}

export interface UnpickleEnvironment {
  unpickleEnvFrom: string;
}

export interface PickleProofState {
  pickleTo: string;
  proofState: number;
}

export interface UnpickleProofState {
  unpickleProofStateFrom: string;
  env?: number;
}

export type ReplRequest =
  | Command
  | FileCommand
  | ProofStep
  | PickleEnvironment
  | UnpickleEnvironment
  | PickleProofState
  | UnpickleProofState;

export interface CommandResponse {
  env: number;
  messages?: Message[];
  sorries?: Sorry[];
  tactics?: Tactic[];
  infotree?: unknown;
}

export interface ProofStepResponse {
  proofState: number;
  goals: string[];
  messages?: Message[];
  sorries?: Sorry[];
  traces?: string[];
  proofStatus?: string;
}

/** An error of the protocol itself (unknown environment, a failed tactic, ...). */
export interface ReplError {
  message: string;
}

export type ReplResponse = CommandResponse | ProofStepResponse | ReplError;

/** A response that is not valid JSON or not shaped like any REPL response. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/** The bytes to write for one request: compact JSON and the blank line that ends it. */
export function encodeRequest(request: ReplRequest): string {
  return `${JSON.stringify(request)}\n\n`;
}

/** Splits a stream of text into blocks separated by blank lines. */
export class BlockFramer {
  private buffer = '';

  /** Adds text; returns every block completed by it (without the separator). */
  push(text: string): string[] {
    this.buffer += text.replace(/\r\n/g, '\n');
    const blocks: string[] = [];
    for (;;) {
      const match = /\n[ \t]*\n/.exec(this.buffer);
      if (!match) break;
      const block = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (block.trim() !== '') blocks.push(block);
    }
    if (this.buffer.trim() === '') this.buffer = '';
    return blocks;
  }

  /** Characters received that do not yet form a complete block. */
  get pendingLength(): number {
    return this.buffer.length;
  }

  /** The incomplete tail, for diagnostics. */
  get pending(): string {
    return this.buffer;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses one response block; throws ProtocolError when it is not a REPL response. */
export function parseResponse(block: string): ReplResponse {
  let value: unknown;
  try {
    value = JSON.parse(block);
  } catch (e) {
    throw new ProtocolError(`not JSON: ${(e as Error).message}: ${excerpt(block)}`);
  }
  if (!isObject(value)) throw new ProtocolError(`not a JSON object: ${excerpt(block)}`);
  if (typeof value.env === 'number' || typeof value.proofState === 'number' || typeof value.message === 'string') {
    return value as unknown as ReplResponse;
  }
  throw new ProtocolError(`no env, proofState or message field: ${excerpt(block)}`);
}

/** True for `{"message": ...}` protocol errors. */
export function isReplError(response: ReplResponse): response is ReplError {
  return typeof (response as ReplError).message === 'string' && !('env' in response) && !('proofState' in response);
}

/** True for a command (or file, or environment pickling) response. */
export function isCommandResponse(response: ReplResponse): response is CommandResponse {
  return typeof (response as CommandResponse).env === 'number';
}

/** True for a tactic (or proof-state pickling) response. */
export function isProofStepResponse(response: ReplResponse): response is ProofStepResponse {
  return typeof (response as ProofStepResponse).proofState === 'number' && !('env' in response);
}

/** The error messages of a response, in order. */
export function errorsOf(response: CommandResponse | ProofStepResponse): Message[] {
  return (response.messages ?? []).filter((m) => m.severity === 'error');
}

/** The first characters of a text, for error messages. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
