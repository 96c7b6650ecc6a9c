/**
 * What an audit says while it runs, on standard error: a live progress line on a terminal (the
 * scan, the auditors running, units done of total, calls in flight, an estimate of the time left
 * for LLM and REPL work), and with --verbose one line per phase with its time. Nothing animated
 * when standard error is not a terminal, unless asked (--progress).
 */
import type { RunEvent } from '../core/types.js';

/** How often the line is drawn again, at most. */
const REDRAW_MS = 100;

/** What the audit tells of itself as it goes. */
export interface ProgressSink {
  event(event: RunEvent): void;
  /** A phase ended after `ms` milliseconds. */
  phase(name: string, ms: number, detail?: string): void;
  /** Takes the line away, before the report is written. */
  done(): void;
}

export interface Running {
  started: number;
  done?: number;
  total?: number;
  unit?: string;
  inFlight?: number;
}

/** `95 s` → `1m35s`. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))}s`;
  const m = Math.floor(seconds / 60);
  return m < 60
    ? `${m}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The estimate of the time left, from the rate since the auditor started; undefined until a unit is done. */
export function timeLeft(state: Running, now: number): string | undefined {
  const { done, total } = state;
  if (done === undefined || total === undefined || done <= 0 || done >= total || now <= state.started) return undefined;
  const rate = done / (now - state.started);
  return `~${duration((total - done) / rate / 1000)} left`;
}

/** The progress line for what is running now. */
export function progressText(
  scan: { done: number; total: number } | undefined,
  running: Map<string, Running>,
  ended: number,
  all: number,
  now: number,
): string {
  if (running.size === 0 && scan) return `leanaudit: reading ${scan.done}/${scan.total} .lean files`;
  const parts = [...running].map(([id, r]) => {
    if (r.total === undefined) return id;
    const bits = [`${id} ${r.done ?? 0}/${r.total} ${r.unit ?? ''}`.trimEnd()];
    if (r.inFlight) bits.push(`${r.inFlight} in flight`);
    const left = timeLeft(r, now);
    if (left) bits.push(left);
    return bits.join(', ');
  });
  return `leanaudit: ${ended}/${all} auditors done${parts.length ? ` · ${parts.join(' · ')}` : ''}`;
}

/** A sink writing to `stream`: the live line when `animated`, the phase lines when `verbose`. */
export function progressSink(stream: NodeJS.WriteStream, options: { animated: boolean; verbose: boolean; auditors: number }): ProgressSink {
  const running = new Map<string, Running>();
  let scan: { done: number; total: number } | undefined;
  let ended = 0;
  let shown = false;
  let lastDraw = 0;
  let timer: NodeJS.Timeout | undefined;
  const columns = (): number => (stream.columns && stream.columns > 20 ? stream.columns - 1 : 119);
  const draw = (): void => {
    timer = undefined;
    lastDraw = Date.now();
    const text = progressText(scan, running, ended, options.auditors, lastDraw);
    stream.write(`\r\u001b[K${text.length > columns() ? `${text.slice(0, columns() - 1)}…` : text}`);
    shown = true;
  };
  const schedule = (): void => {
    if (!options.animated || timer) return;
    const wait = Math.max(0, REDRAW_MS - (Date.now() - lastDraw));
    timer = setTimeout(draw, wait);
    timer.unref();
  };
  const clear = (): void => {
    if (shown) stream.write('\r\u001b[K');
    shown = false;
  };
  const log = (line: string): void => {
    if (!options.verbose) return;
    clear();
    stream.write(`leanaudit: ${line}\n`);
    schedule();
  };
  return {
    event(event) {
      const now = Date.now();
      if (event.kind === 'scan') scan = { done: event.done, total: event.total };
      else if (event.kind === 'start') running.set(event.auditorId, { started: now });
      else if (event.kind === 'end') {
        running.delete(event.auditorId);
        ended += 1;
        log(`${event.auditorId} ${event.status} in ${(event.durationMs / 1000).toFixed(1)} s`);
      } else {
        const r = running.get(event.auditorId) ?? { started: now };
        Object.assign(r, { done: event.done, total: event.total, unit: event.unit, inFlight: event.inFlight });
        running.set(event.auditorId, r);
      }
      schedule();
    },
    phase(name, ms, detail) {
      log(`${name} in ${(ms / 1000).toFixed(1)} s${detail ? ` (${detail})` : ''}`);
    },
    done() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      clear();
    },
  };
}
