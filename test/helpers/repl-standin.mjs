#!/usr/bin/env node
/**
 * A stand-in for the Lean REPL (leanprover-community/repl), run as a real child process.
 * It reads requests the way the REPL does (lines up to a blank line, concatenated) and answers
 * in the REPL's framing (JSON, then a blank line).
 *
 *   --replay <dir>/<name>   answer the requests of transcript <name>.in, in order, with the recorded
 *                           <name>.expected.out blocks, verbatim; any other request gets a protocol error.
 *   --sim <scenario.json>   simulate: environments and proof states are numbered as the REPL does,
 *                           imports and probes take simulated time, rules script the answers and faults.
 *   --log <file>            append one JSON line per request (with the lineage of its environment).
 *
 * Scenario: { importMs, unpickleMs, defaultMs, transcripts: dir, axioms: {name: [axiom...]},
 *   rules: [{ match: regex, response?: object, transcript?: "name#k", delayMs?, fault? }] }.
 * Faults: crash, crash-mid, hang, busy (hangs and outlives its standard input), garbage, huge (hugeChars), memory (memoryMb). A request text may
 * also carry `standin-fault:<kind>` or `sim-cost-ms:<n>` markers.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const logFile = opt('--log');
const sleep = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const write = (text) => new Promise((r) => process.stdout.write(text, r));

/** Blocks of a transcript file: requests joined the way the REPL's getLines does. */
function requestBlocks(text) {
  const out = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (current !== '') out.push(current);
      current = '';
    } else current += line.trimEnd();
  }
  if (current !== '') out.push(current);
  return out;
}

function responseBlocks(text) {
  return text.split(/\n[ \t]*\n/).filter((b) => b.trim() !== '');
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k])]),
    );
  }
  return value;
}
const sameJson = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

function loadTranscript(dir, name) {
  const requests = requestBlocks(readFileSync(resolve(dir, `${name}.in`), 'utf8')).map((b) => JSON.parse(b));
  const out = resolve(dir, `${name}.expected.out`);
  const responses = existsSync(out) ? responseBlocks(readFileSync(out, 'utf8')) : [];
  return { requests, responses };
}

function replayer(path) {
  const slash = path.lastIndexOf('/');
  const { requests, responses } = loadTranscript(path.slice(0, slash), path.slice(slash + 1));
  let next = 0;
  return async (request) => {
    const expected = requests[next];
    if (expected === undefined || !sameJson(expected, request)) {
      return JSON.stringify({ message: `stand-in: request ${next} does not match the transcript` });
    }
    return responses[next++] ?? JSON.stringify({ message: 'stand-in: transcript has no recorded response' });
  };
}

/** `'name' depends on axioms: [...]` wrapped the way Lean's formatter wraps at width 120. */
function axiomsMessage(name, axioms) {
  if (axioms.length === 0) return `'${name}' does not depend on any axioms`;
  const head = `'${name}' depends on axioms: `;
  const flat = `${head}[${axioms.join(', ')}]`;
  return flat.length <= 120 ? flat : `${head}[${axioms.join(',\n ')}]`;
}

function simulator(scenario) {
  const envs = []; // lineage of each env: the texts of the commands that built it
  let proofStates = 0;
  const transcriptCache = new Map();
  const recorded = (ref) => {
    const [name, k] = ref.split('#');
    if (!transcriptCache.has(name)) transcriptCache.set(name, loadTranscript(scenario.transcripts, name));
    return JSON.parse(transcriptCache.get(name).responses[Number(k)]);
  };
  const ruleFor = (text) => (scenario.rules ?? []).find((r) => new RegExp(r.match).test(text));
  const delayOf = (text, rule, base) => {
    const marker = /sim-cost-ms:(\d+)/.exec(text);
    return marker ? Number(marker[1]) : (rule?.delayMs ?? base ?? 0);
  };
  const faultOf = (text, rule) => /standin-fault:([a-z-]+)/.exec(text)?.[1] ?? rule?.fault;

  const commandResponse = (request, rule) => {
    const base = rule?.transcript ? recorded(rule.transcript) : structuredClone(rule?.response ?? {});
    if ('message' in base && !('env' in base)) return base;
    const lineage = request.env === undefined ? [] : envs[request.env];
    envs.push([...lineage, request.cmd ?? request.path ?? '']);
    base.env = envs.length - 1;
    for (const s of base.sorries ?? []) s.proofState = proofStates++;
    const printed = [...(request.cmd ?? '').matchAll(/^#print axioms (\S+)/gm)].map((m) => m[1]);
    if (printed.length > 0 && scenario.axioms) {
      base.messages = [
        ...(base.messages ?? []),
        ...printed.map((name, i) => {
          const known = scenario.axioms[name];
          const data = known === undefined ? `unknown constant '${name}'` : axiomsMessage(name, known);
          const line = request.cmd.split('\n').findIndex((l) => l.startsWith(`#print axioms ${name}`)) + 1 || i + 1;
          return { severity: known === undefined ? 'error' : 'info', pos: { line, column: 0 }, endPos: { line, column: 6 }, data };
        }),
      ];
    }
    return base;
  };

  return async (request) => {
    const text = request.cmd ?? request.tactic ?? request.path ?? request.pickleTo ?? request.unpickleEnvFrom ?? '';
    const rule = ruleFor(text);
    if (logFile)
      appendFileSync(
        logFile,
        `${JSON.stringify({ pid: process.pid, request, lineage: request.env === undefined ? null : (envs[request.env] ?? null) })}\n`,
      );
    const fault = faultOf(text, rule);
    if (fault) return { fault, rule };
    if ('unpickleEnvFrom' in request) {
      const file = resolve(request.unpickleEnvFrom);
      if (!existsSync(file))
        return { fault: 'crash', stderr: `uncaught exception: no such file or directory (error code: 2)\n  file: ${file}` };
      await sleep(scenario.unpickleMs ?? 0);
      envs.push(JSON.parse(readFileSync(file, 'utf8')).lineage);
      return JSON.stringify({ env: envs.length - 1 }, null, 1);
    }
    if ('pickleTo' in request && 'env' in request) {
      if (envs[request.env] === undefined) return JSON.stringify({ message: 'Unknown environment.' });
      writeFileSync(resolve(request.pickleTo), JSON.stringify({ lineage: envs[request.env] }));
      return JSON.stringify({ env: request.env }, null, 1);
    }
    if ('tactic' in request) {
      if (request.proofState >= proofStates) return JSON.stringify({ message: 'Unknown proof state.' });
      await sleep(delayOf(text, rule, scenario.defaultMs));
      const base = rule?.transcript
        ? recorded(rule.transcript)
        : structuredClone(rule?.response ?? { goals: [], proofStatus: 'Completed' });
      if (!('message' in base)) base.proofState = proofStates++;
      return JSON.stringify(base, null, 1);
    }
    if (request.env !== undefined && envs[request.env] === undefined) return JSON.stringify({ message: 'Unknown environment.' });
    const importing = request.env === undefined && /^\s*import\s/.test(request.cmd ?? '');
    await sleep(importing ? (scenario.importMs ?? 0) : delayOf(text, rule, scenario.defaultMs));
    return JSON.stringify(commandResponse(request, rule), null, 1);
  };
}

async function injure({ fault, rule, stderr }) {
  const sample = JSON.stringify({ env: 0, messages: [{ severity: 'info', pos: { line: 1, column: 0 }, data: 'partial' }] }, null, 1);
  switch (fault) {
    case 'crash':
      process.stderr.write(`${stderr ?? 'INTERNAL PANIC: simulated crash'}\n`);
      return process.exit(3);
    case 'crash-mid':
      await write(sample.slice(0, sample.length >> 1));
      return process.exit(134);
    case 'hang':
      return new Promise(() => undefined);
    case 'busy':
      // Like Lean elaborating: never answers and keeps running after its standard input closes.
      setInterval(() => undefined, 1000);
      return new Promise(() => undefined);
    case 'garbage':
      return 'this is not JSON {{{';
    case 'huge':
      return JSON.stringify(
        { env: 0, messages: [{ severity: 'info', pos: { line: 1, column: 0 }, data: 'x'.repeat(rule?.hugeChars ?? 2_000_000) }] },
        null,
        1,
      );
    case 'memory': {
      const hold = [];
      for (let i = 0; i < (rule?.memoryMb ?? 200); i++) hold.push(Buffer.alloc(2 ** 20, 1));
      globalThis.held = hold;
      return new Promise(() => undefined);
    }
    default:
      return JSON.stringify({ message: `stand-in: unknown fault ${fault}` });
  }
}

const replay = opt('--replay');
const sim = opt('--sim');
const answer = replay ? replayer(replay) : simulator(sim ? JSON.parse(readFileSync(sim, 'utf8')) : {});

let buffered = '';
let current = '';
let chain = Promise.resolve();
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    if (line.trim() !== '') {
      current += line.trimEnd();
      continue;
    }
    if (current === '') continue;
    const query = current;
    current = '';
    chain = chain.then(async () => {
      let request;
      try {
        request = JSON.parse(query);
      } catch (e) {
        process.stderr.write(`uncaught exception: ${JSON.stringify({ message: `Could not parse JSON:\n${e.message}` })}\n`);
        process.exit(1);
      }
      let reply = await answer(request);
      if (typeof reply !== 'string') reply = await injure(reply);
      await write(`${reply}\n\n`);
    });
  }
});
process.stdin.on('end', () => chain.then(() => process.exit(0)));
