import { describe, expect, it } from 'vitest';
import { inProgramQueue } from './program-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('program queue', () => {
  it('runs one program’s work one at a time, first come first served, and other programs beside it', async () => {
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (program: string, name: string) =>
      inProgramQueue(program, async () => {
        running++;
        most = Math.max(most, running);
        order.push(`${name} start`);
        await tick();
        order.push(`${name} end`);
        running--;
        return name;
      });
    const other = inProgramQueue('p2', async () => 'other');
    const results = await Promise.all([job('p1', 'a'), job('p1', 'b'), job('p1', 'c'), other]);
    expect(results).toEqual(['a', 'b', 'c', 'other']);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(most).toBe(1);
  });

  it('a failure passes its turn on to the next in line', async () => {
    const failed = inProgramQueue('p3', async () => {
      throw new Error('refused');
    });
    const next = inProgramQueue('p3', async () => 'served');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('served');
  });
});
