/**
 * A real HTTP server on 127.0.0.1 speaking the chat-completions protocol, scripted per test, with
 * fault injection (fenced JSON, prose, 429 + Retry-After, 500, hung responses, malformed bodies),
 * and the Batch API over it: POST /v1/files (multipart upload of a JSONL file), POST /v1/batches,
 * GET /v1/batches/{id} (done after `batchPolls` polls, each line answered by the script),
 * GET /v1/files/{id}/content. Used by the LLM tests and by bench/judge.ts; it never touches the
 * network beyond loopback.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body?: ChatRequestBody;
}

/** What the server does with one request. */
export type Reply =
  | { kind: 'content'; content: string /** null: the reply carries no `usage`. */; usage?: { prompt: number; completion: number } | null }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'delay'; ms: number; then: Reply };

/** Decides the reply to the n-th chat request (0-based) from its body. */
export type Script = (body: ChatRequestBody, n: number) => Reply;

/** Reply builders. */
export const reply = {
  text: (content: string): Reply => ({ kind: 'content', content }),
  json: (value: unknown): Reply => ({ kind: 'content', content: JSON.stringify(value) }),
  fenced: (value: unknown): Reply => ({ kind: 'content', content: `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`` }),
  prose: (value: unknown): Reply => ({
    kind: 'content',
    content: `<think>Compare both statements carefully {first}.</think>\nHere is my assessment.\n${JSON.stringify(value)}\nHope this helps.`,
  }),
  status: (status: number, headers: Record<string, string> = {}): Reply => ({
    kind: 'status',
    status,
    headers,
    body: { error: { message: `scripted ${status}`, type: 'scripted' } },
  }),
  hang: (): Reply => ({ kind: 'hang' }),
  malformed: (): Reply => ({ kind: 'malformed' }),
  delay: (ms: number, then: Reply): Reply => ({ kind: 'delay', ms, then }),
};

export interface ScriptedServer {
  /** Base URL to hand to the client, ending in `/v1`. */
  url: string;
  /** Every request received, in arrival order. */
  requests: RecordedRequest[];
  /** Chat requests only (batch lines included). */
  chatCalls(): number;
  /** Batches created (POST /v1/batches), and the JSONL request lines of each. */
  batches: { id: string; lines: { custom_id: string; body: ChatRequestBody }[] }[];
  /** Replaces the script. */
  setScript(script: Script): void;
  /** Makes every batch done at its next poll. */
  finishBatches(): void;
  close(): Promise<void>;
}

/** Starts the server on an ephemeral loopback port; `models` is what GET /v1/models lists. */
export async function startOpenAIServer(script: Script, opts: { models?: string[]; batchPolls?: number } = {}): Promise<ScriptedServer> {
  let current = script;
  let chatCount = 0;
  const files = new Map<string, string>();
  const batches: ScriptedServer['batches'] = [];
  const batchState = new Map<string, { polls: number; input: string; output?: string }>();
  let batchPollsNeeded = opts.batchPolls ?? 1;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, r: Reply, model: string): void => {
    switch (r.kind) {
      case 'hang':
        return;
      case 'delay': {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) send(res, r.then, model);
        }, r.ms);
        timers.add(t);
        return;
      }
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "x", "choices": [ {"message": ');
        return;
      case 'status':
        res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers }).end(JSON.stringify(r.body ?? {}));
        return;
      case 'content': {
        const usage = r.usage === null ? undefined : (r.usage ?? { prompt: 100, completion: 20 });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${chatCount}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: r.content } }],
            ...(usage
              ? {
                  usage: {
                    prompt_tokens: usage.prompt,
                    completion_tokens: usage.completion,
                    total_tokens: usage.prompt + usage.completion,
                  },
                }
              : {}),
          }),
        );
      }
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    const record: RecordedRequest = { method: req.method ?? '', path, headers: req.headers };
    requests.push(record);
    if (path.includes('/files') || path.includes('/batches')) {
      void batchApi(req, res, path, raw);
      return;
    }
    if (req.method === 'GET' && path.endsWith('/models')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data: (opts.models ?? ['scripted-model']).map((id) => ({ id, object: 'model' })) }));
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ChatRequestBody;
    record.body = body;
    const n = chatCount++;
    send(res, current(body, n), body.model);
  };

  const json = (res: ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  const batchObject = (id: string) => {
    const b = batchState.get(id)!;
    const done = b.output !== undefined;
    return {
      id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      input_file_id: b.input,
      completion_window: '24h',
      status: done ? 'completed' : b.polls === 0 ? 'validating' : 'in_progress',
      created_at: Math.floor(Date.now() / 1000),
      output_file_id: b.output ?? null,
      error_file_id: null,
    };
  };
  /** A batch line's answer: what the script replies to its body, as the Batch API writes it. */
  const answerLine = (line: { custom_id: string; body: ChatRequestBody }): string => {
    let r = current(line.body, chatCount++);
    while (r.kind === 'delay') r = r.then;
    const response =
      r.kind === 'content'
        ? {
            status_code: 200,
            body: {
              id: `chatcmpl-${chatCount}`,
              object: 'chat.completion',
              model: line.body.model,
              choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: r.content } }],
              usage: { prompt_tokens: r.usage?.prompt ?? 100, completion_tokens: r.usage?.completion ?? 20, total_tokens: 0 },
            },
          }
        : { status_code: r.kind === 'status' ? r.status : 500, body: { error: { message: `scripted ${r.kind}` } } };
    return JSON.stringify({ id: `batch_req_${chatCount}`, custom_id: line.custom_id, response, error: null });
  };
  const batchApi = async (req: IncomingMessage, res: ServerResponse, path: string, raw: string): Promise<void> => {
    if (req.method === 'POST' && path.endsWith('/files')) {
      const form = await new Request('http://127.0.0.1/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: raw,
      }).formData();
      const id = `file-${files.size + 1}`;
      files.set(id, await (form.get('file') as File).text());
      return json(res, 200, {
        id,
        object: 'file',
        bytes: files.get(id)!.length,
        purpose: form.get('purpose'),
        filename: 'batch.jsonl',
        created_at: 0,
      });
    }
    const content = /\/files\/([^/]+)\/content$/.exec(path);
    if (req.method === 'GET' && content)
      return void res.writeHead(200, { 'content-type': 'application/jsonl' }).end(files.get(content[1]!) ?? '');
    if (req.method === 'POST' && path.endsWith('/batches')) {
      const { input_file_id } = JSON.parse(raw) as { input_file_id: string };
      const id = `batch_${batches.length + 1}`;
      const lines = (files.get(input_file_id) ?? '')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { custom_id: string; body: ChatRequestBody });
      batches.push({ id, lines });
      batchState.set(id, { polls: 0, input: input_file_id });
      return json(res, 200, batchObject(id));
    }
    const batch = /\/batches\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && batch && batchState.has(batch[1]!)) {
      const b = batchState.get(batch[1]!)!;
      b.polls += 1;
      if (b.output === undefined && b.polls > batchPollsNeeded) {
        const out = `file-${files.size + 1}`;
        files.set(
          out,
          `${batches
            .find((x) => x.id === batch[1])!
            .lines.map(answerLine)
            .join('\n')}\n`,
        );
        b.output = out;
      }
      return json(res, 200, batchObject(batch[1]!));
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, res, raw));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    batches,
    chatCalls: () => chatCount,
    setScript(s) {
      current = s;
    },
    finishBatches() {
      batchPollsNeeded = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The user message of a chat request (where rubrics put the entity). */
export function userText(body: ChatRequestBody): string {
  return body.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}
