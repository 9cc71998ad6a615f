import { describe, expect, it } from 'vitest';
import { maxRichTextDepth, maxRichTextWord, sanitizeRichText } from './rich-text.js';

describe('rich text as stored (issue 36)', () => {
  it('keeps formatting and alignment, drops classes', () => {
    expect(
      sanitizeRichText(
        '<p class="MsoNormal" style="text-align: center"><strong class="x">Výsledek</strong></p>',
        'Text',
      ),
    ).toBe('<p style="text-align:center"><strong>Výsledek</strong></p>');
  });

  it('refuses lists nested deeper than a report can lay out, and a word longer than a line can hold', () => {
    const nested = (levels: number) => `${'<ul><li>'.repeat(levels)}x${'</li></ul>'.repeat(levels)}`;
    expect(() => sanitizeRichText(nested(5), 'Text')).not.toThrow();
    expect(() => sanitizeRichText(nested(maxRichTextDepth), 'Text')).toThrow(
      expect.objectContaining({ statusCode: 400, messageKey: 'richTextTooDeep' }),
    );
    expect(() => sanitizeRichText(`<p>${'a'.repeat(maxRichTextWord)}</p>`, 'Text')).not.toThrow();
    expect(() => sanitizeRichText(`<p>${'a'.repeat(199_000)}</p>`, 'Text')).toThrow(
      expect.objectContaining({ statusCode: 400, messageKey: 'richTextWordTooLong' }),
    );
  });
});
