/**
 * Fingerprints: an id per finding that survives edits elsewhere in the project, so a baseline
 * (or GitHub code scanning, through SARIF `partialFingerprints`) can tell a known finding from a
 * new one. A fingerprint hashes what the finding is about, never where it stands: auditor, message
 * id, file, and the entity (a declaration's full name, a blueprint label) or else the message, with
 * line numbers taken out of both; findings that share all of that are told apart by their order in
 * the file. Moving a declaration, or adding lines above it, keeps its findings' fingerprints; a
 * second `sorry` in the same declaration gets a fingerprint of its own.
 */
import { createHash } from 'node:crypto';
import type { Finding } from './types.js';

/** Version of the scheme, part of every fingerprint: a baseline written with another scheme matches nothing. */
export const FINGERPRINT_SCHEME = 'leanaudit/v1';

/** The parser's name for an anonymous declaration, which holds its place: kind, module and line (`«instance@Mod.File:79»`). */
const ANONYMOUS_NAME = /«([^@»]+)@([^:»]+):\d+»/g;
/** `file.ext:line[:col]` in a message: line numbers that name no entity but a place. */
const FILE_PLACE = /(\.(?:lean|tex|md|json|jsonl)):\d+(?::\d+)?/g;

/** What a finding is about, without the line numbers that change when the file above it changes. */
export function findingAnchor(finding: Finding): string {
  return (finding.entityId ?? finding.message).replace(ANONYMOUS_NAME, '«$1@$2»').replace(FILE_PLACE, '$1');
}

/** An entity as named in whatever file: an anonymous declaration by its kind alone (its module is its file's). */
export const entityAcrossFiles = (entityId: string): string => entityId.replace(ANONYMOUS_NAME, '«$1»');

const keyOf = (f: Finding): string => [f.auditorId, f.messageId, f.location?.file ?? '', findingAnchor(f)].join('\u0000');

const byPosition = (a: Finding, b: Finding): number =>
  (a.location?.line ?? 0) - (b.location?.line ?? 0) || (a.location?.column ?? 0) - (b.location?.column ?? 0);

/** The fingerprints of `findings`, in their order: 16 hex digits each, distinct within the list. */
export function fingerprints(findings: readonly Finding[]): string[] {
  const groups = new Map<string, number[]>();
  findings.forEach((f, i) => {
    const key = keyOf(f);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  const out = new Array<string>(findings.length);
  for (const [key, members] of groups) {
    members.sort((a, b) => byPosition(findings[a]!, findings[b]!) || a - b);
    members.forEach((index, occurrence) => {
      out[index] = createHash('sha256').update(`${FINGERPRINT_SCHEME}\u0000${key}\u0000${occurrence}`).digest('hex').slice(0, 16);
    });
  }
  return out;
}
