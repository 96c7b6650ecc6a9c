/**
 * The namespaces project names stand in, and every prefix of them (`A` and `A.B` for `A.B.c`), as a
 * trie of components: adding a name costs its length and asking costs the namespace's, where a set of
 * every prefix as a string made a name of k components cost k² (a hostile file's 100,000-component
 * name, hours).
 */
export class NamespaceIndex {
  /** `${node}\0${component}` → the node of that prefix; node 0 is the root. */
  private readonly edges = new Map<string, number>();
  private nodes = 1;
  /** Every component that stands in a namespace (all but the last of a name's). */
  readonly words = new Set<string>();

  /** Adds the namespaces of a full name: every proper prefix of its components. */
  add(name: string): void {
    let node = 0;
    let from = 0;
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', from)) {
      const word = name.slice(from, dot);
      this.words.add(word);
      const key = `${node}\0${word}`;
      let next = this.edges.get(key);
      if (next === undefined) this.edges.set(key, (next = this.nodes++));
      node = next;
      from = dot + 1;
    }
  }

  /** Whether some project name stands in `namespace` (or in a namespace inside it). */
  has(namespace: string): boolean {
    let node = 0;
    for (const word of namespace.split('.')) {
      const next = this.edges.get(`${node}\0${word}`);
      if (next === undefined) return false;
      node = next;
    }
    return true;
  }
}
