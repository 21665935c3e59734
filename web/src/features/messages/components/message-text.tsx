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
            // underlined on both, not told apart by colour alone (WCAG 1.4.1)
            className={cn(
              'underline decoration-1 underline-offset-2 hover:decoration-2 focus-visible:decoration-2',
              mine ? 'font-semibold' : 'font-medium text-accent-text',
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
