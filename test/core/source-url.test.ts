import { describe, expect, it } from 'vitest';
import { detectSourceUrl, sourceLink } from '../../src/core/source-url.js';

const sha = 'a'.repeat(40);

describe('detectSourceUrl', () => {
  it('links GitHub and GitLab remotes at the commit checked out', () => {
    expect(detectSourceUrl({ root: '/r', path: '', commit: sha, url: 'https://github.com/o/r' })).toBe(
      `https://github.com/o/r/blob/${sha}/{path}#L{line}`,
    );
    expect(detectSourceUrl({ root: '/r', path: '', commit: sha, url: 'https://gitlab.com/g/p' })).toBe(
      `https://gitlab.com/g/p/-/blob/${sha}/{path}#L{line}`,
    );
  });

  it('gives nothing for another host, without a remote or without a commit', () => {
    expect(detectSourceUrl({ root: '/r', path: '', commit: sha, url: 'https://git.example.org/o/r' })).toBeUndefined();
    expect(detectSourceUrl({ root: '/r', path: '', commit: sha })).toBeUndefined();
    expect(detectSourceUrl({ root: '/r', path: '', url: 'https://github.com/o/r' })).toBeUndefined();
  });
});

describe('sourceLink', () => {
  it('fills the path from the repository root, each segment encoded, and the line', () => {
    const project = { root: '/r/lean', name: 'p', repository: { root: '/r', path: 'lean' }, sourceUrl: 'https://h/blob/c/{path}#L{line}' };
    expect(sourceLink(project, { file: 'Proj/A b#1.lean', line: 7 })).toBe('https://h/blob/c/lean/Proj/A%20b%231.lean#L7');
    expect(sourceLink({ ...project, repository: { root: '/r/lean', path: '' } }, { file: 'A.lean', line: 2 })).toBe(
      'https://h/blob/c/A.lean#L2',
    );
    expect(sourceLink({ root: '/r', name: 'p' }, { file: 'A.lean', line: 2 })).toBeUndefined();
  });
});
