/**
 * Long unbroken words (a pasted link, "aaaa…") in captions, comments, names and grid tiles:
 * there is no layout engine here, so these check the classes that make them wrap or clip –
 * overflow-wrap:anywhere on the text, and min-w-0 on flex items so they may shrink below the
 * word's width.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { makeComment, makePost } from '../../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch } from '../../../test/render.tsx';
import { CommentItem } from '../comments/comment-item.tsx';
import { PostCard } from './post-card.tsx';
import { PostTile } from './post-tile.tsx';

const WORD = 'x'.repeat(240);
const classesOf = (el: Element | null) => (el?.className ?? '').split(' ');

beforeEach(() => {
  stubFetch();
  signIn(makeMeUser({ username: 'fan' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('long unbroken words', () => {
  it('wrap in a post caption', () => {
    renderPage(<PostCard post={makePost({ caption: `look ${WORD}` })} />);
    expect(classesOf(screen.getByText(WORD, { exact: false }).closest('p'))).toContain(
      'wrap-anywhere',
    );
  });

  it('wrap in a comment, whose author name and username are cut with an ellipsis', () => {
    const author = makePublicUser({ username: 'u'.repeat(30), displayName: WORD });
    renderPage(
      <CommentItem
        comment={makeComment({ text: WORD, user: author, userId: author.id })}
        postId="p1"
        postOwnerId="someone"
      />,
    );
    expect(classesOf(screen.getByText(WORD, { selector: 'span' }).closest('p'))).toContain(
      'wrap-anywhere',
    );
    const name = screen.getByRole('link', { name: WORD });
    expect(classesOf(name)).toEqual(expect.arrayContaining(['min-w-0', 'truncate']));
    expect(classesOf(screen.getByText(`@${author.username}`))).toEqual(
      expect.arrayContaining(['min-w-0', 'truncate']),
    );
  });

  it('wrap in a text-only grid tile', () => {
    renderPage(<PostTile post={makePost({ caption: WORD, media: [] })} />);
    const caption = screen.getByText(WORD);
    expect(classesOf(caption)).toEqual(expect.arrayContaining(['min-w-0', 'wrap-anywhere']));
  });
});
