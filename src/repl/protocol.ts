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

/** A line break, then spaces or tabs only, then a line break: what ends a block. */
const SEPARATOR = /\n[ \t]*\n/g;

/**
 * Splits a stream of text into blocks separated by blank lines. Each piece of text is searched once:
 * the text of an unfinished block is kept in the pieces it came in and joined when the block ends,
 * where a string grown piece by piece and searched whole made output without a blank line quadratic.
 */
export class BlockFramer {
  private pieces: string[] = [];
  private pendingChars = 0;
  /** Where a separator may have started in the pending text (a line break followed by spaces or tabs only), or -1. */
  private separatorStart = -1;
  /** A carriage return that ended the last text: the line feed that may follow it starts the next. */
  private carriageReturn = false;

  /** Adds text; returns every block completed by it (without the separator). */
  push(text: string): string[] {
    let chunk = this.carriageReturn ? `\r${text}` : text;
    this.carriageReturn = chunk.endsWith('\r');
    if (this.carriageReturn) chunk = chunk.slice(0, -1);
    chunk = chunk.replace(/\r\n/g, '\n');
    const blocks: string[] = [];
    let from = 0;
    while (from < chunk.length) {
      if (this.separatorStart >= 0) {
        let j = from;
        while (j < chunk.length && (chunk.charCodeAt(j) === 32 || chunk.charCodeAt(j) === 9)) j++;
        if (j === chunk.length) break;
        if (chunk.charCodeAt(j) === 10) {
          this.end(this.pieces.join('').slice(0, this.separatorStart), blocks);
          from = j + 1;
          continue;
        }
        this.separatorStart = -1;
      }
      SEPARATOR.lastIndex = from;
      const match = SEPARATOR.exec(chunk);
      if (match === null) break;
      this.end(this.pieces.join('') + chunk.slice(from, match.index), blocks);
      from = match.index + match[0].length;
    }
    this.keep(chunk, from);
    return blocks;
  }

  /** Ends the pending block as `block`. */
  private end(block: string, blocks: string[]): void {
    if (block.trim() !== '') blocks.push(block);
    this.pieces = [];
    this.pendingChars = 0;
    this.separatorStart = -1;
  }

  /** Keeps `chunk` from `from` on as pending text, noting where a separator may have started in its tail. */
  private keep(chunk: string, from: number): void {
    if (from >= chunk.length) return;
    let k = chunk.length;
    while (k > from && (chunk.charCodeAt(k - 1) === 32 || chunk.charCodeAt(k - 1) === 9)) k--;
    if (k > from && chunk.charCodeAt(k - 1) === 10) this.separatorStart = this.pendingChars + (k - 1 - from);
    else if (k > from) this.separatorStart = -1;
    this.pieces.push(from === 0 ? chunk : chunk.slice(from));
    this.pendingChars += chunk.length - from;
  }

  /** Characters received that do not yet form a complete block. */
  get pendingLength(): number {
    return this.pendingChars + (this.carriageReturn ? 1 : 0);
  }

  /** The incomplete tail, for diagnostics. */
  get pending(): string {
    return this.pieces.join('') + (this.carriageReturn ? '\r' : '');
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
