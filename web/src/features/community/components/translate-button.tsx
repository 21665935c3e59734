import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { translate } from '../api.ts';
import { useTranslationEnabled } from '../queries.ts';

/** The reader's language, as the two-letter code the translation server expects. */
export function readerLanguage(): string {
  const lang = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
  return lang.slice(0, 2).toLowerCase();
}

/**
 * "Translate" under a caption or message: rendered only when the server has a translation
 * provider; shows the translation below the text and toggles back to the original.
 */
export function TranslateButton({ text, className }: { text: string; className?: string }) {
  const enabled = useTranslationEnabled();
  const [shown, setShown] = useState(false);
  const run = useMutation({
    mutationFn: () => translate({ text, target: readerLanguage() }),
    onSuccess: () => setShown(true),
  });
  if (enabled.data !== true || !text.trim()) return null;
  return (
    <div className={className}>
      <button
        type="button"
        className="text-xs font-medium text-accent-text hover:underline focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
        disabled={run.isPending}
        onClick={() => (shown ? setShown(false) : run.data ? setShown(true) : run.mutate())}
      >
        {run.isPending ? 'Translating…' : shown ? 'Show original' : 'Translate'}
      </button>
      {shown && run.data ? (
        <p className="mt-1 text-sm text-fg" lang={run.data.target}>
          {run.data.translatedText}
        </p>
      ) : null}
      {run.isError ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {errorMessageOf(run.error, 'Translation failed. Please try again later.')}
        </p>
      ) : null}
    </div>
  );
}
