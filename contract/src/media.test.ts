import { describe, expect, it } from 'vitest';
import { mediaUrlProblem } from './media.js';

describe('embedded media URLs (the server rule)', () => {
  it('refuses an empty URL', () => {
    expect(mediaUrlProblem('img', '')).toBe('mediaUrlEmpty');
    expect(mediaUrlProblem('iframe', '   ')).toBe('mediaUrlEmpty');
    expect(mediaUrlProblem('img', undefined)).toBe('mediaUrlEmpty');
  });

  it('accepts https images only', () => {
    expect(mediaUrlProblem('img', 'https://example.com/a.png')).toBeUndefined();
    expect(mediaUrlProblem('img', 'http://example.com/a.png')).toBe('mediaUrlUnsupported');
    expect(mediaUrlProblem('img', 'javascript:alert(1)')).toBe('mediaUrlUnsupported');
    expect(mediaUrlProblem('img', 'not a url')).toBe('mediaUrlUnsupported');
  });

  it('accepts YouTube and Vimeo players only', () => {
    expect(mediaUrlProblem('iframe', 'https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeUndefined();
    expect(mediaUrlProblem('iframe', 'https://player.vimeo.com/video/123456')).toBeUndefined();
    expect(mediaUrlProblem('iframe', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'mediaUrlUnsupported',
    );
    expect(mediaUrlProblem('iframe', 'https://evil.example/embed/x')).toBe('mediaUrlUnsupported');
  });
});
