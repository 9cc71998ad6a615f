import { describe, expect, it } from 'vitest';
import { isEmptyRichText, richTextMediaProblem, youtubeEmbedUrl } from './media-url';

describe('embedded media in the editor', () => {
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
