import { describe, expect, it } from 'vitest';
import { colorFor } from '../../src/core/color.js';

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('colorFor', () => {
  it('colors a TTY and not a pipe', () => {
    expect(colorFor(tty, {})).toBe(true);
    expect(colorFor(pipe, {})).toBe(false);
  });

  it('never colors under NO_COLOR, even when forced; an empty NO_COLOR is not set', () => {
    expect(colorFor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorFor(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(colorFor(tty, { NO_COLOR: '' })).toBe(true);
  });

  it('colors a pipe under FORCE_COLOR, but not FORCE_COLOR=0 or false', () => {
    expect(colorFor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorFor(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(colorFor(tty, { FORCE_COLOR: '0' })).toBe(true);
    expect(colorFor(pipe, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorFor(pipe, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('never colors a dumb terminal unless forced', () => {
    expect(colorFor(tty, { TERM: 'dumb' })).toBe(false);
    expect(colorFor(pipe, { TERM: 'dumb', FORCE_COLOR: '1' })).toBe(true);
  });
});
