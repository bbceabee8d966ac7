// inSeparateTasks: the runtime's start split into tasks, in order, each part isolated from the others' failures.
import { expect, it } from 'vitest';
import { inSeparateTasks } from '../../../page/runtime/schedule.ts';

/** A window whose timer queue the test runs by hand, one task at a time. */
function manualWindow() {
  const queue: Array<() => void> = [];
  return { queue, win: { setTimeout: (handler: () => void) => void queue.push(handler) }, runTask: () => queue.shift()!() };
}

it('runs the first part at once and every other part in a task of its own, in order', () => {
  const { queue, win, runTask } = manualWindow();
  const ran: string[] = [];
  inSeparateTasks(win, [() => ran.push('a'), () => ran.push('b'), () => ran.push('c')]);
  expect(ran).toEqual(['a']);
  runTask();
  expect(ran).toEqual(['a', 'b']);
  runTask();
  expect(ran).toEqual(['a', 'b', 'c']);
  expect(queue).toHaveLength(0);
});

it('goes on after a part that throws', () => {
  const { win, runTask } = manualWindow();
  const ran: string[] = [];
  const fail = () => {
    throw new Error('blocked storage');
  };
  inSeparateTasks(win, [fail, () => ran.push('b'), fail, () => ran.push('d')]);
  runTask();
  runTask();
  runTask();
  expect(ran).toEqual(['b', 'd']);
});
