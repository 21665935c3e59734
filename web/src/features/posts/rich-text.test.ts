import { describe, expect, it } from 'vitest';
import { tokenizeRichText } from './rich-text.ts';

describe('caption links', () => {
  it('finds hashtags and mentions like the server does', () => {
    expect(tokenizeRichText('Hi @maya.lens. See #Travel, page#anchor and me@mail.com')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@maya.lens', username: 'maya.lens' },
      { kind: 'text', text: '. See ' },
      { kind: 'hashtag', text: '#Travel', tag: 'travel' },
      { kind: 'text', text: ', page#anchor and me@mail.com' },
    ]);
  });

  it('leaves too-short mentions as text', () => {
    expect(tokenizeRichText('@ab hi')).toEqual([{ kind: 'text', text: '@ab hi' }]);
  });
});
