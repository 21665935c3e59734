import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { userIdOf } from '../../auth/user.ts';
import { createQanda, deleteQanda } from '../api.ts';
import { useCommerceMutation, useQandaQuery } from '../queries.ts';
import { ListState, ToolSection } from './section.tsx';

export function QandaManager() {
  const me = useAuthStore((s) => s.user);
  const list = useQandaQuery(userIdOf(me) ?? '');
  const create = useCommerceMutation(createQanda);
  const remove = useCommerceMutation(deleteQanda);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { question, answer },
      {
        onSuccess: () => {
          setQuestion('');
          setAnswer('');
        },
      },
    );
  }

  const items = list.data?.items ?? [];
  return (
    <ToolSection
      id="qanda"
      title="Q and A"
      description="Answers to what fans ask most, shown on your profile."
    >
      <form className="flex flex-col gap-3" onSubmit={submit} aria-label="Add a question">
        <TextField
          label="Question"
          required
          maxLength={300}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <TextareaField
          label="Answer"
          required
          maxLength={2000}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
        {create.isError ? (
          <FormError message={errorMessageOf(create.error, 'Could not add the question')} />
        ) : null}
        <div>
          <Button type="submit" loading={create.isPending}>
            Add question
          </Button>
        </div>
      </form>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={!items.length}
        emptyText="No questions yet."
      />
      <ul className="mt-4 flex flex-col gap-2" aria-label="Your questions">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex items-start justify-between gap-2 rounded-2xl bg-surface-2 p-3"
          >
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere text-fg">{item.question}</p>
              <p className="text-sm wrap-anywhere text-muted">{item.answer}</p>
            </div>
            <Button
              size="sm"
              variant="danger-ghost"
              icon={<TrashIcon size={15} />}
              aria-label={`Delete question ${item.question}`}
              onClick={() => remove.mutate(item.id)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </ToolSection>
  );
}
