import { describe, expect, it } from 'vitest';
import { WedgeReader, wedgeGapMs, wedgePauseMs } from './barcode-wedge';

/** Feeds keys `gap` ms apart; answers what the reader recognised. */
function feed(keys: string[], gap: number, reader = new WedgeReader(), start = 1000) {
  const found: string[] = [];
  keys.forEach((key, i) => {
    const code = reader.key(key, start + i * gap);
    if (code) found.push(code);
  });
  return found;
}
const scan = (code: string) => [...code.split(''), 'Enter'];

describe('the barcode wedge', () => {
  it('recognises a kit barcode typed fast and ended with Enter, Shift presses and lower case included', () => {
    expect(feed(scan('GD00010001'), 5)).toEqual(['GD00010001']);
    expect(feed(['Shift', 'G', 'Shift', 'D', ...scan('00010002')], 3)).toEqual(['GD00010002']);
    expect(feed(scan('gd00010003'), 5)).toEqual(['GD00010003']);
  });

  it('ignores a person typing, other codes and keys that break the run', () => {
    expect(feed(scan('GD00010001'), wedgeGapMs + 30)).toEqual([]);
    expect(feed(scan('GD00010001'), wedgePauseMs + 1)).toEqual([]);
    expect(feed(scan('HELLO'), 5)).toEqual([]);
    expect(feed(scan('GD0001000'), 5)).toEqual([]);
    expect(feed(['G', 'D', 'ArrowDown', ...scan('00010001')], 5)).toEqual([]);
  });

  it('takes one slow gap in a fast scan (a busy browser), not a slow scan', () => {
    const reader = new WedgeReader();
    const keys = scan('GD00010007');
    const times = keys.map((_, i) => 1000 + i * 5 + (i >= 1 ? 250 : 0));
    expect(keys.map((key, i) => reader.key(key, times[i] ?? 0)).filter(Boolean)).toEqual(['GD00010007']);
  });

  it('starts anew after a pause, so a stray key before a scan does not spoil it', () => {
    const reader = new WedgeReader();
    expect(feed(['x'], 5, reader, 0)).toEqual([]);
    expect(feed(scan('GD00010004'), 5, reader, 500)).toEqual(['GD00010004']);
    // Two scans in a row.
    expect(feed([...scan('GD00010005'), ...scan('GD00010006')], 5)).toEqual(['GD00010005', 'GD00010006']);
  });
});
