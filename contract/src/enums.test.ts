import { describe, expect, it } from 'vitest';
import { sampleLifecycle, sampleStatuses } from './enums.js';

describe('the sample lifecycle', () => {
  it('lists every status once, the kit before its return and the analysis before its results', () => {
    expect([...sampleLifecycle].sort((a, b) => a - b)).toEqual([...sampleStatuses].sort((a, b) => a - b));
    const at = (status: number) => sampleLifecycle.indexOf(status as (typeof sampleLifecycle)[number]);
    expect(at(2)).toBeLessThan(at(3));
    expect(at(3)).toBeLessThan(at(4));
    expect(at(4)).toBeLessThan(at(11));
    expect(at(11)).toBeLessThan(at(6));
    expect(at(6)).toBeLessThan(at(8));
  });
});
