/** Links from a report to the audited source: a `{path}` and `{line}` template, detected for GitHub and GitLab remotes. */
import type { Location } from '../model/location.js';
import type { ProjectMeta, RepositoryMeta } from './types.js';

/** The template that links to a file and line of `repo` at its commit, for hosts whose URL scheme is known. */
export function detectSourceUrl(repo: RepositoryMeta): string | undefined {
  if (!repo.url || !repo.commit) return undefined;
  const host = new URL(repo.url).hostname;
  if (host === 'github.com') return `${repo.url}/blob/${repo.commit}/{path}#L{line}`;
  if (host === 'gitlab.com') return `${repo.url}/-/blob/${repo.commit}/{path}#L{line}`;
  return undefined;
}

/** A location's path from the repository root (the project's path inside it, then the file). */
export function repositoryPath(project: ProjectMeta, file: string): string {
  const base = project.repository?.path ?? '';
  return base === '' ? file : `${base}/${file}`;
}

/**
 * The address of a location under the project's source URL template (`{path}` from the
 * repository root, each segment percent-encoded; `{line}`), or undefined without a template.
 */
export function sourceLink(project: ProjectMeta, location: Location): string | undefined {
  if (!project.sourceUrl) return undefined;
  const path = repositoryPath(project, location.file).split('/').map(encodeURIComponent).join('/');
  return project.sourceUrl.replaceAll('{path}', path).replaceAll('{line}', String(location.line));
}
