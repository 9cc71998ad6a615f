import { describe, expect, it } from 'vitest';
import { localizedRichText, localizedText, riskColor } from './risk';

describe('riskColor', () => {
  it('colours a report as the catalogue does: low green, medium orange, high red, protective blue', () => {
    expect([1, 2, 3, 4].map(riskColor)).toEqual(['green', 'orange', 'red', 'blue']);
  });

  it('shows no risk, or one out of range, in grey', () => {
    expect(riskColor(null)).toBe('gray');
    expect(riskColor(undefined)).toBe('gray');
    expect(riskColor(0)).toBe('gray');
    expect(riskColor(5)).toBe('gray');
  });
});

describe('text in the reader language', () => {
  it('reads English when it is there and Czech otherwise', () => {
    expect(localizedText('Laktóza', 'Lactose', 'en')).toBe('Lactose');
    expect(localizedText('Laktóza', 'Lactose', 'cs')).toBe('Laktóza');
    expect(localizedText('Laktóza', '  ', 'en')).toBe('Laktóza');
  });

  it('treats English rich text without words as empty', () => {
    expect(localizedRichText('<p>Text</p>', '<p></p>', 'en')).toBe('<p>Text</p>');
    expect(localizedRichText('<p>Text</p>', '<p>Words</p>', 'en')).toBe('<p>Words</p>');
    expect(
      localizedRichText(
        '<p>Text</p>',
        '<p><img src="/api/media/0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42"></p>',
        'en',
      ),
    ).toBe('<p><img src="/api/media/0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42"></p>');
  });
});
