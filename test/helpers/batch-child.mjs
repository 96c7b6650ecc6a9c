#!/usr/bin/env node
/**
 * A judge run in batch mode, for a test to kill with SIGKILL while it waits for its batch: asks
 * the yes-no rubric (folder argv[3]) one question (argv[4]) with the engine built in dist/, its cache
 * in argv[2]; the endpoint comes from OPENAI_BASE_URL, OPENAI_API_KEY and LEANAUDIT_MODEL.
 */
import { LlmEngine } from '../../dist/src/llm/engine.js';
import { loadRubric } from '../../dist/src/llm/rubric.js';

const [root, rubrics, question] = process.argv.slice(2);
const engine = await LlmEngine.create(['direct-judge'], {
  root,
  config: { llm: { timeoutMs: 2000, batch: { pollMs: 50, gatherMs: 20 } } },
});
await engine.ask(loadRubric('yes-no', rubrics), { question, strict: true }, new AbortController().signal);
