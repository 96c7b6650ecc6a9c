/** Resident memory of a process and its descendants, read from /proc (Linux); undefined elsewhere. */
import { readdirSync, readFileSync } from 'node:fs';

function readStat(pid: number): { ppid: number; rssPages: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), rssPages: Number(fields[21]) };
  } catch {
    return undefined;
  }
}

/** Sum of the resident set sizes, in bytes, of `pid` and every process below it. */
export function treeRssBytes(pid: number): number | undefined {
  if (readStat(pid) === undefined) return undefined;
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    rss.set(Number(entry), stat.rssPages);
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(entry));
    children.set(stat.ppid, list);
  }
  let pages = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    pages += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return pages * 4096;
}
