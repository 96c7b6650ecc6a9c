import { describe, expect, it } from 'vitest';
import { Limiter, sleep } from '../../src/llm/limiter.js';

describe('Limiter', () => {
  it('runs at most `limit` tasks at once, in arrival order', async () => {
    const limiter = new Limiter(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        limiter.run(async () => {
          order.push(i);
          active++;
          peak = Math.max(peak, active);
          await sleep(10);
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets an aborted waiter leave the queue without taking a slot', async () => {
    const limiter = new Limiter(1);
    const ac = new AbortController();
    const first = limiter.run(() => sleep(30));
    const waiting = limiter.run(async () => 'never', ac.signal);
    ac.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await first;
    expect(await limiter.run(async () => 'next')).toBe('next');
  });

  it('sleep rejects at once on abort', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(new Error('now')), 10);
    await expect(sleep(5000, ac.signal)).rejects.toThrow('now');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
