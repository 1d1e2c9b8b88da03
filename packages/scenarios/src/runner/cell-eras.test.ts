import { scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { cellEndpointEras, scriptForCell } from './cell-eras.js';

test('a cell era decides what the endpoint serves: one era, or both for dual', () => {
  expect(cellEndpointEras('legacy')).toEqual(['legacy']);
  expect(cellEndpointEras('modern')).toEqual(['modern']);
  expect(cellEndpointEras('dual')).toEqual(['legacy', 'modern']);
});

test('the runner sets server.eras per cell unless the script pins it, keeping the rest of the server section', () => {
  const open = scriptBuilder('open').server({ toolsListChanged: false }).build();
  expect(scriptForCell(open, 'legacy').server).toEqual({ toolsListChanged: false, eras: ['legacy'] });
  expect(scriptForCell(open, 'dual').server?.eras).toEqual(['legacy', 'modern']);
  expect(open.server?.eras).toBeUndefined();
  const pinned = scriptBuilder('pinned').eras('legacy').build();
  expect(scriptForCell(pinned, 'modern')).toBe(pinned);
});
