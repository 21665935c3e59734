import { Link } from 'react-router';
import { cn } from '../../../ui/cn.ts';
import { tokenizeRichText } from '../rich-text.ts';

/** Underlined: a link in running text is not told apart by its colour alone (WCAG 1.4.1). */
const LINK =
  'font-medium text-accent-text underline decoration-1 underline-offset-2 hover:decoration-2 focus-visible:decoration-2';

/** Caption or comment text with #hashtags and @mentions as links. */
export function RichText({ text, className }: { text: string; className?: string }) {
  const segments = tokenizeRichText(text);
  return (
    <p className={cn('whitespace-pre-line wrap-anywhere', className)}>
      {segments.map((segment, i) => {
        if (segment.kind === 'hashtag') {
          return (
            <Link key={i} to={`/tags/${encodeURIComponent(segment.tag)}`} className={LINK}>
              {segment.text}
            </Link>
          );
        }
        if (segment.kind === 'mention') {
          return (
            <Link key={i} to={`/u/${encodeURIComponent(segment.username)}`} className={LINK}>
              {segment.text}
            </Link>
          );
        }
        return <span key={i}>{segment.text}</span>;
      })}
    </p>
  );
}
