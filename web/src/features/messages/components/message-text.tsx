/**
 * A message's text with its @mentions as links to the profiles, tokenized by the rules the
 * comments use (posts/rich-text.ts, the server's posts.rules.ts): what the server resolves as a
 * mention is what links. #hashtags mean nothing in a chat and stay plain text.
 */
import { Link } from 'react-router';
import { cn } from '../../../ui/cn.ts';
import { tokenizeRichText } from '../../posts/rich-text.ts';

export function MessageText({ text, mine }: { text: string; mine: boolean }) {
  return (
    <p className="whitespace-pre-wrap">
      {tokenizeRichText(text).map((segment, i) =>
        segment.kind === 'mention' ? (
          <Link
            key={i}
            to={`/u/${encodeURIComponent(segment.username)}`}
            // on the sender's accent bubble the accent text color would not show
            className={cn(
              'hover:underline',
              mine ? 'font-semibold underline' : 'font-medium text-accent-text',
            )}
          >
            {segment.text}
          </Link>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
