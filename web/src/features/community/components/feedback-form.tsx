import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { sendFeedback } from '../api.ts';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** "How are we doing?": a 1–5 rating with an optional note, sent with the current page. */
export function FeedbackForm() {
  const location = useLocation();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: (result) => {
      toast.success(result.message);
      setRating(null);
      setMessage('');
    },
    onError: (e) => setError(errorMessageOf(e, 'Could not send your feedback.')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setError('Choose a rating from 1 to 5.');
      return;
    }
    setError(null);
    send.mutate({
      rating,
      ...(message.trim() ? { message: message.trim() } : {}),
      page: location.pathname,
    });
  }
  return (
    <form onSubmit={submit} aria-label="Feedback" className="flex max-w-xl flex-col gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">How would you rate Fanspace?</legend>
        <div className="flex gap-2">
          {RATINGS.map((value) => (
            <label
              key={value}
              className={`flex h-11 w-11 cursor-pointer items-center justify-center rounded-xl border text-sm font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${rating === value ? 'border-accent bg-accent-soft text-accent-text' : 'border-line text-fg'}`}
            >
              <input
                type="radio"
                name="site-rating"
                value={value}
                className="sr-only"
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <span aria-hidden="true">{value}</span>
              <span className="sr-only">{value} out of 5</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        label="Anything to add? (optional)"
        rows={3}
        maxLength={2000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <FormError message={error} />
      <div>
        <Button type="submit" variant="outline" loading={send.isPending}>
          Send feedback
        </Button>
      </div>
    </form>
  );
}
