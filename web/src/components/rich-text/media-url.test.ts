import { describe, expect, it } from 'vitest';
import { isEmptyRichText, mediaUrlProblem, richTextMediaProblem, youtubeEmbedUrl } from './media-url';

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

  it('turns YouTube links into player URLs', () => {
    const embed = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe(embed);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://vimeo.com/123')).toBeUndefined();
    expect(youtubeEmbedUrl('')).toBeUndefined();
  });

  it('finds a refused medium in HTML', () => {
    expect(richTextMediaProblem('<p>text</p>')).toBeUndefined();
    expect(richTextMediaProblem('<p><img src="https://a.test/x.png"></p>')).toBeUndefined();
    expect(richTextMediaProblem('<p><img src=""></p>')).toBe('mediaUrlEmpty');
    expect(richTextMediaProblem('<iframe src="https://a.test/embed/x"></iframe>')).toBe(
      'mediaUrlUnsupported',
    );
  });

  it('treats an empty editor as empty', () => {
    expect(isEmptyRichText('<p></p>')).toBe(true);
    expect(isEmptyRichText('<p> &nbsp; </p>')).toBe(true);
    expect(isEmptyRichText('')).toBe(true);
    expect(isEmptyRichText('<p>a</p>')).toBe(false);
    expect(isEmptyRichText('<p><img src="https://a.test/x.png"></p>')).toBe(false);
  });
});
