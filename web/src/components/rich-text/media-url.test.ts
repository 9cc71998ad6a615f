import { mediaUrlProblem } from '@genodesk/contract/media';
import { describe, expect, it } from 'vitest';
import { isEmptyRichText, ownImageSrc, richTextMediaProblem, youtubeEmbedUrl } from './media-url';
import { imageFileProblem } from './upload-media';

const id = '0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42';
const own = `/api/media/${id}`;

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

  it('refuses, as the server does, any image that is not the app’s own (issue 36)', () => {
    const origin = window.location.origin;
    expect(mediaUrlProblem('img', own)).toBeUndefined();
    expect(mediaUrlProblem('img', `${origin}${own}`, origin)).toBeUndefined();
    expect(mediaUrlProblem('img', 'https://a.test/x.png', origin)).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', `https://a.test${own}`, origin)).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', `${own}?x=1`, origin)).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', '', origin)).toBe('mediaUrlEmpty');
  });

  it('finds a refused medium in HTML', () => {
    expect(richTextMediaProblem('<p>text</p>')).toBeUndefined();
    expect(richTextMediaProblem(`<p><img src="${own}"></p>`)).toBeUndefined();
    expect(richTextMediaProblem(`<p><img src="${window.location.origin}${own}"></p>`)).toBeUndefined();
    expect(richTextMediaProblem('<p><img src="https://a.test/x.png"></p>')).toBe('mediaImageNotOwn');
    expect(richTextMediaProblem('<p><img src=""></p>')).toBe('mediaUrlEmpty');
    expect(richTextMediaProblem('<iframe src="https://a.test/embed/x"></iframe>')).toBe(
      'mediaUrlUnsupported',
    );
  });

  it('keeps a pasted own image by its path, any other as it is', () => {
    expect(ownImageSrc(`${window.location.origin}/api/media/${id.toUpperCase()}`)).toBe(own);
    expect(ownImageSrc(own)).toBe(own);
    expect(ownImageSrc('https://a.test/x.png')).toBe('https://a.test/x.png');
    expect(ownImageSrc(null)).toBeNull();
  });

  it('refuses a file the server would refuse before sending it', () => {
    const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });
    expect(imageFileProblem(file('image/png'))).toBeUndefined();
    expect(imageFileProblem(file('image/webp'))).toBeUndefined();
    expect(imageFileProblem(file('image/svg+xml'))).toEqual({ key: 'mediaType' });
    expect(imageFileProblem(file(''))).toEqual({ key: 'mediaType' });
    expect(imageFileProblem(file('image/gif', 2 * 1024 * 1024 + 1))).toEqual({
      key: 'mediaTooLarge',
      params: { max: 2 },
    });
  });

  it('treats an empty editor as empty', () => {
    expect(isEmptyRichText('<p></p>')).toBe(true);
    expect(isEmptyRichText('<p> &nbsp; </p>')).toBe(true);
    expect(isEmptyRichText('')).toBe(true);
    expect(isEmptyRichText('<p>a</p>')).toBe(false);
    expect(isEmptyRichText(`<p><img src="${own}"></p>`)).toBe(false);
  });
});
