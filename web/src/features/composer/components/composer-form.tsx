/**
 * The post composer (/create and the "Create" dialog): caption, media from the device or the
 * vault, hashtags, who can see it and the price, model releases, publish.
 */
import { TemplatePicker } from '../../creator-kit/template-picker.tsx';
import { POST_CAPTION_MAX, type Post } from '@fanspace/contracts';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ScheduleField } from '../../scheduler/components/schedule-field.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useComposer } from '../use-composer.ts';
import { AccessLevelPicker } from './access-level-picker.tsx';
import { ComposerAttachments } from './attachments.tsx';
import { HashtagInput } from './hashtag-input.tsx';
import { ModelReleasesPicker } from './model-releases-picker.tsx';

export const CAPTION_LABEL = 'Caption';
export const PUBLISH_LABEL = 'Publish';
export const SCHEDULE_LABEL = 'Schedule';

export function ComposerForm({
  onPublished,
  onScheduled,
  secondaryAction,
  autoFocus,
}: {
  onPublished: (post: Post) => void;
  /** after "Schedule for later" succeeded; default: the scheduler's queue */
  onScheduled?: () => void;
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const composer = useComposer(
    onPublished,
    onScheduled ?? (() => navigate('/scheduler?view=queue')),
  );
  const formErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    composer.submit();
  }

  const message = composer.errors.form ?? composer.submitError;

  return (
    <form onSubmit={submit} noValidate aria-label="New post" className="flex flex-col gap-5">
      <TemplatePicker
        type="post"
        className="self-start [&>div]:left-0 [&>div]:right-auto"
        onPick={(t) => {
          composer.setCaption(t.body);
          if (t.price !== null) {
            composer.setAccessLevel('paid');
            composer.setPrice(t.price.toFixed(2));
          }
        }}
      />
      <TextareaField
        label={CAPTION_LABEL}
        placeholder="Say something about this post… #hashtags and @mentions work here"
        value={composer.caption}
        onChange={(event) => composer.setCaption(event.target.value)}
        maxLength={POST_CAPTION_MAX}
        autoFocus={autoFocus}
        aria-errormessage={composer.errors.form ? formErrorId : undefined}
      />
      <ComposerAttachments composer={composer} />
      <HashtagInput value={composer.hashtags} onChange={composer.setHashtags} />
      <AccessLevelPicker
        value={composer.accessLevel}
        onChange={composer.setAccessLevel}
        price={composer.price}
        onPriceChange={composer.setPrice}
        priceError={composer.errors.price}
      />
      <ModelReleasesPicker value={composer.releaseIds} onChange={composer.setReleaseIds} />
      <ScheduleField
        enabled={composer.schedule.enabled}
        onEnabledChange={composer.schedule.setEnabled}
        value={composer.schedule.value}
        onChange={composer.schedule.setValue}
        error={composer.schedule.error}
      />
      <FormError id={formErrorId} message={message} />
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
        {secondaryAction}
        <Button
          type="submit"
          size="lg"
          loading={composer.submitting}
          disabled={composer.uploading > 0}
        >
          {composer.schedule.enabled ? SCHEDULE_LABEL : PUBLISH_LABEL}
        </Button>
      </div>
    </form>
  );
}
