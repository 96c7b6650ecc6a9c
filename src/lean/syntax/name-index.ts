/**
 * The lexer's identifier index (names.ts): (code units, hash) -> id through an open-addressing
 * table, ids given in order of first interning.
 */

/** 2^32 / φ, odd: multiplying by it spreads the lexer's weak low hash bits over the high ones. */
const GOLDEN = 0x9e3779b1 | 0;

/** 32 - log2(most entries of NameIndex.recent). */
const RECENT_SHIFT = 20;

export class NameIndex {
  private count = 0;
  private hashes: Int32Array<ArrayBuffer> = new Int32Array(256);
  /** The code units of every name, back to back; name `id` is units[offsets[id], offsets[id + 1]). */
  private units = new Uint16Array(4096);
  private offsets: Int32Array<ArrayBuffer> = new Int32Array(257);
  /** Slot -> id + 1 (0: empty). */
  private slots = new Int32Array(1024);
  private mask = 1023;
  /** A direct-mapped cache of recently met names, [hash, id + 1, units offset, length] per entry: most identifiers are frequent ones, found here without touching the big table. */
  private recent = new Int32Array(4 << 10);
  /** 32 - log2(entries of `recent`): it grows with the table, so that the many small tables stay cheap to make. */
  private recentShift = 22;
  /** 32 - log2(slots.length): a slot is the top bits of the hash times the golden ratio (Fibonacci hashing). */
  private shift = 22;

  /** The id of the name units[start, end) whose hash is `hash`, added if new (as the next id). Compares code units, builds no string. */
  intern(units: Uint16Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const mixed = Math.imul(hash, GOLDEN);
    const recent = this.recent;
    const r = (mixed >>> this.recentShift) << 2;
    if (
      recent[r] === hash &&
      recent[r + 3] === length &&
      recent[r + 1] !== 0 &&
      sameUnits(this.units, recent[r + 2]!, units, start, length)
    )
      return recent[r + 1]! - 1;
    const { slots, hashes, mask, offsets } = this;
    let slot = mixed >>> this.shift;
    let id = -1;
    for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
      if (hashes[entry - 1] === hash) {
        const from = offsets[entry - 1]!;
        if (offsets[entry]! - from === length && sameUnits(this.units, from, units, start, length)) {
          id = entry - 1;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) id = this.add(units, start, length, hash, slot);
    recent[r] = hash;
    recent[r + 1] = id + 1;
    recent[r + 2] = this.offsets[id]!;
    recent[r + 3] = length;
    return id;
  }

  /** An independent copy: interning into it leaves this index as it is. */
  clone(): NameIndex {
    const copy = new NameIndex();
    copy.count = this.count;
    copy.hashes = this.hashes.slice();
    copy.units = this.units.slice();
    copy.offsets = this.offsets.slice();
    copy.slots = this.slots.slice();
    copy.mask = this.mask;
    copy.shift = this.shift;
    copy.recent = this.recent.slice();
    copy.recentShift = this.recentShift;
    return copy;
  }

  /** The id of units[start, end) if interned, else -1. */
  find(units: Uint16Array, start: number, end: number, hash: number): number {
    const length = end - start;
    for (
      let slot = Math.imul(hash, GOLDEN) >>> this.shift, entry = this.slots[slot]!;
      entry !== 0;
      slot = (slot + 1) & this.mask, entry = this.slots[slot]!
    ) {
      const from = this.offsets[entry - 1]!;
      if (this.hashes[entry - 1] === hash && this.offsets[entry]! - from === length && sameUnits(this.units, from, units, start, length))
        return entry - 1;
    }
    return -1;
  }

  private add(units: Uint16Array, start: number, length: number, hash: number, slot: number): number {
    const id = this.count++;
    if (id === this.hashes.length) {
      this.hashes = grown(this.hashes, id * 2);
      this.offsets = grown(this.offsets, id * 2 + 1);
    }
    const from = this.offsets[id]!;
    if (from + length > this.units.length) {
      const more = new Uint16Array(Math.max(this.units.length * 2, from + length));
      more.set(this.units);
      this.units = more;
    }
    this.units.set(units.subarray(start, start + length), from);
    this.offsets[id + 1] = from + length;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.count * 2 > this.mask) this.rehash();
    return id;
  }

  private rehash(): void {
    const size = (this.mask + 1) * 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    const shift = this.shift - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = Math.imul(this.hashes[id]!, GOLDEN) >>> shift;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
    this.mask = mask;
    this.shift = shift;
    if (shift >= RECENT_SHIFT) {
      this.recentShift = shift;
      this.recent = new Int32Array(4 << (32 - shift));
    }
  }
}

function sameUnits(a: Uint16Array, from: number, b: Uint16Array, start: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[from + k] !== b[start + k]) return false;
  return true;
}

function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
