/** Scopes of name resolution: which namespaces a declaration's identifiers are completed with, and when that changes from one declaration to the next. */
import type { LeanDecl } from '../../model/lean.js';
import { ChainNumbers } from './scope-links.js';

/** What a declaration resolves its identifiers in (a declaration, or the like in tests). */
export type Scope = Pick<LeanDecl, 'namespace' | 'opens' | 'fullName'> & { name?: string };

/**
 * A declaration whose own namespace is its namespace, told without reading its full name: an
 * anonymous one (an `instance` or `example` without a name, whose full name the parser makes of its
 * namespace and a quoted `«kind@module:line»`), or a name without a dot (nor `_root_.`) whose full
 * name is its namespace and itself, as the parser makes it: its lengths tell.
 */
function isPlain(scope: Scope): boolean {
  const { fullName, namespace, name } = scope;
  if (name === '') return true;
  if (name === undefined || name.includes('.')) return false;
  return fullName.length === (namespace === '' ? name.length : namespace.length + 1 + name.length);
}

/**
 * Where the namespace of a declaration's own name ends in its full name (its last `.`, -1 if none):
 * its namespace's length when the full name is that namespace and a plain name, found without a
 * search from the end (slow in V8).
 */
function ownEnd(scope: Scope): number {
  const { fullName, namespace, name } = scope;
  if (name === '') return namespace === '' ? -1 : namespace.length;
  if (
    namespace !== '' &&
    isPlain(scope) &&
    fullName.charCodeAt(namespace.length) === 46 &&
    fullName.startsWith(namespace) &&
    fullName.endsWith(name!)
  ) {
    return namespace.length;
  }
  return fullName.lastIndexOf('.');
}

/** Tells when the scope changes from one declaration to the next, building its key only then. */
export class ScopeTracker {
  private last: Scope | undefined;
  /** The namespace of the last declaration's own name (`A.B` of `A.B.c`). */
  own = '';
  private readonly opens = new ChainNumbers();

  /** The key of `scope` (`namespace\0own\0` and the number of its chain of opens) if it is not the last one's, else undefined. */
  changed(scope: Scope): string | undefined {
    const last = this.last;
    this.last = scope;
    if (scope === last) return undefined;
    const same = last !== undefined && scope.namespace === last.namespace && scope.opens === last.opens;
    // Consecutive declarations of one file usually share their scope, and most names are plain: the
    // own namespace of a plain name is its namespace, told without reading its full name (a
    // concatenation V8 would first copy into one string).
    if (same && this.own === scope.namespace && isPlain(scope)) return undefined;
    const dot = ownEnd(scope);
    if (same) {
      const own = this.own;
      if (dot < 0 ? own === '' : own.length === dot && scope.fullName.startsWith(own)) return undefined;
    }
    this.own = dot < 0 ? '' : dot === scope.namespace.length ? scope.namespace : scope.fullName.slice(0, dot);
    return `${scope.namespace}\0${this.own}\0${this.opens.numberOf(scope.opens)}`;
  }
}
