/**
 * Text inside what a judge is shown that addresses the judge instead of stating mathematics: "ignore
 * the instructions above", a forged "Lean statement" section, a verdict dictated in JSON. Such text
 * is still shown (fenced as data, see `fenceFor`) and the finding says it was there.
 */

/** One passage that tries to instruct the judge, and the part of the input it stands in. */
export interface Instruction {
  field: string;
  excerpt: string;
}

/** Phrases addressed to a model, in any part of the input (Lean strings and docstrings included). */
const ADDRESSED = [
  /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|above|prior|earlier|preceding|all|these|your)\b[^.\n]{0,30}\b(?:instructions?|rules?|prompt|guidelines|directions)/i,
  /\b(?:you are|act as|pretend to be)\s+(?:now\s+)?(?:a|an|the)\s+(?:helpful|different|new|lenient|AI|assistant|judge|model)\b/i,
  /\b(?:answer|reply|respond|output|return|say|mark|label|rate|judge)\b[^.\n]{0,40}\b(?:faithful|q1\s*[=:]\s*true|q2\s*[=:]\s*true)\b/i,
  /["']?q[12]["']?\s*:\s*(?:true|false)\b/i,
  /\b(?:system prompt|new instructions|instructions? to the (?:judge|model|assistant|grader|translator)|note to the (?:judge|model|grader|reviewer|AI))\b/i,
];

/** Section headings of the judges' prompts and their fences, which informal text has no reason to contain. */
const FORGED = [/^\s*(?:Lean statement|Informal statement|Textbook statement|Back-translation of)\b[^\n]*:\s*$/im, /<<<|>>>/];

/** Passages of the inputs that try to instruct the judge; Lean's `<<<`/`>>>` (shift operators) count only in prose. */
export function instructionsIn(fields: Record<string, string>, prose: readonly string[] = ['informal', 'context']): Instruction[] {
  const found: Instruction[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const patterns = prose.includes(field) ? [...ADDRESSED, ...FORGED] : ADDRESSED;
    for (const pattern of patterns) {
      const m = pattern.exec(text);
      if (!m) continue;
      const start = Math.max(0, m.index - 30);
      found.push({
        field,
        excerpt: text
          .slice(start, m.index + m[0].length + 30)
          .replace(/\s+/g, ' ')
          .trim(),
      });
      break;
    }
  }
  return found;
}
