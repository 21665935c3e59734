import { Link } from 'react-router';
import { cn } from '../../../ui/cn.ts';
import { tokenizeRichText } from '../rich-text.ts';

/** Caption or comment text with #hashtags and @mentions as links. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const segments = tokenizeRichText(text);
  return (
    <p className={cn('whitespace-pre-line wrap-anywhere', className)}>
      {segments.map((segment, i) => {
        if (segment.kind === 'hashtag') {
          return (
            <Link
              key={i}
              to={`/tags/${encodeURIComponent(segment.tag)}`}
              className="font-medium text-accent-text hover:underline"
            >
              {segment.text}
            </Link>
          );
        }
        if (segment.kind === 'mention') {
          return (
            <Link
              key={i}
              to={`/u/${encodeURIComponent(segment.username)}`}
              className="font-medium text-accent-text hover:underline"
            >
              {segment.text}
            </Link>
          );
        }
        return <span key={i}>{segment.text}</span>;
      })}
    </p>
  );
}
