import { expect, test } from 'vitest';
import { leftAround, type ProcessInfo } from './process-tree.js';

const row = (pid: number, ppid: number, pgid: number): ProcessInfo => ({ pid, ppid, pgid, command: 'node' });

test("what a process left around it: its group's other members and its descendants, even those in groups of their own", () => {
  const table = [
    row(1, 0, 1),
    row(100, 1, 100), // the client process, leading its group
    row(101, 100, 100), // its child, in its group
    row(102, 101, 102), // a grandchild that left the group (setsid)
    row(103, 1, 100), // orphaned into init, still in the group
    row(200, 1, 200), // unrelated
  ];
  expect(
    leftAround(table, 100)
      .map((info) => info.pid)
      .sort(),
  ).toEqual([101, 102, 103]);
  expect(leftAround(table, 200)).toEqual([]);
});
