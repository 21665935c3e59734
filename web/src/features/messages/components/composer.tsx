/**
 * The message composer: text (Enter sends, Shift+Enter breaks the line), a photo, video or
 * audio file, a recorded voice note, a quoted reply, and the paid extras (creators: locked
 * message, offer; fans: tip, content request).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../ui/cn.ts';
import { CloseIcon, CoinsIcon, GiftIcon, LockIcon, PlusIcon } from '../../../ui/icons.tsx';
import { Menu } from '../../../ui/menu.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ReplyIcon } from '../../posts/icons.tsx';
import { slotFor, type FileSlot } from '../chats-api.ts';
import { durationLabel } from '../format.ts';
import { MicIcon, PaperclipIcon, SendIcon, StopIcon } from '../icons.tsx';
import type { Draft } from '../message-store.ts';
import { DELETED_TEXT, type ChatMessage } from '../types.ts';
import {
  ContentRequestDialog,
  LockedMessageDialog,
  OfferDialog,
  TipDialog,
} from './paid-dialogs.tsx';
import { TemplatePicker } from '../../creator-kit/template-picker.tsx';

const MAX_TEXT = 5000;

interface Attachment {
  slot: FileSlot;
  blob: Blob;
  name: string;
  previewUrl: string;
  durationSeconds?: number;
}

function useVoiceRecorder(onDone: (a: Attachment) => void) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const started = useRef(0);
  const supported =
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    !!navigator.mediaDevices;

  useEffect(() => {
    if (!recording) return undefined;
    const id = setInterval(() => setSeconds((Date.now() - started.current) / 1000), 250);
    return () => clearInterval(id);
  }, [recording]);

  async function start(): Promise<void> {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        // 'audio/webm;codecs=opus' → 'audio/webm': the server knows types, not codecs
        const blob = new Blob(chunks, { type: (rec.mimeType || 'audio/webm').split(';')[0] });
        const duration = (Date.now() - started.current) / 1000;
        if (blob.size > 0) {
          onDone({
            slot: 'voice',
            blob,
            name: `voice-note.${blob.type.includes('ogg') ? 'ogg' : 'webm'}`,
            previewUrl: URL.createObjectURL(blob),
            durationSeconds: Math.round(duration * 10) / 10,
          });
        }
        setRecording(false);
      };
      recorder.current = rec;
      started.current = Date.now();
      setSeconds(0);
      rec.start();
      setRecording(true);
    } catch {
      toast.error('Your microphone is not available. Check the browser permission.');
    }
  }

  function stop(): void {
    recorder.current?.stop();
    recorder.current = null;
  }

  return { supported, recording, seconds, start, stop };
}

export function Composer({
  disabled,
  isCreator,
  otherIsCreator,
  otherName,
  quoted,
  onClearQuote,
  onSend,
  onTyping,
}: {
  disabled?: boolean;
  isCreator: boolean;
  otherIsCreator: boolean;
  otherName: string;
  quoted: ChatMessage | null;
  onClearQuote: () => void;
  onSend: (draft: Partial<Draft>) => Promise<void>;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [dialog, setDialog] = useState<'locked' | 'offer' | 'tip' | 'request' | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const voice = useVoiceRecorder((a) => setAttachment(a));

  useEffect(() => {
    if (quoted) inputRef.current?.focus();
  }, [quoted]);

  const canSend = !disabled && (text.trim() !== '' || attachment !== null);

  function clearAttachment(revoke = true): void {
    if (attachment && revoke) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function submit(): void {
    if (!canSend) return;
    const draft: Partial<Draft> = {
      text: text.trim(),
      quotedMessage: quoted,
      file: attachment
        ? {
            slot: attachment.slot,
            blob: attachment.blob,
            name: attachment.name,
            durationSeconds: attachment.durationSeconds,
          }
        : null,
    };
    // the composer's preview URL is its own; the store makes one for the bubble
    clearAttachment(true);
    setText('');
    onClearQuote();
    void onSend(draft).catch(() => undefined);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function pick(file: File | undefined): void {
    if (!file) return;
    const slot = slotFor(file);
    if (!slot) {
      toast.error('Choose a photo, a video or an audio file.');
      return;
    }
    clearAttachment();
    setAttachment({ slot, blob: file, name: file.name, previewUrl: URL.createObjectURL(file) });
  }

  const extras = isCreator
    ? [
        {
          label: 'Locked message',
          icon: <LockIcon size={16} />,
          onSelect: () => setDialog('locked'),
        },
        {
          label: 'Make an offer',
          icon: <CoinsIcon size={16} />,
          onSelect: () => setDialog('offer'),
        },
      ]
    : [];
  if (otherIsCreator) {
    extras.push(
      { label: 'Send a tip', icon: <GiftIcon size={16} />, onSelect: () => setDialog('tip') },
      {
        label: 'Request content',
        icon: <CoinsIcon size={16} />,
        onSelect: () => setDialog('request'),
      },
    );
  }

  return (
    <div className="border-t border-line bg-surface px-2 pt-2 pb-2 sm:px-3">
      {quoted ? (
        <div className="mb-2 flex items-center gap-2 rounded-2xl bg-surface-2 px-3 py-2 text-sm">
          <ReplyIcon size={16} className="shrink-0 text-accent" />
          <p className="min-w-0 flex-1 truncate text-muted">
            <span className="font-medium text-fg">Replying: </span>
            {quoted.isDeleted ? DELETED_TEXT : quoted.text || 'Media'}
          </p>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={onClearQuote}
            className="rounded-full p-1 text-subtle hover:text-fg"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {attachment ? (
        <div className="mb-2 flex items-center gap-3 rounded-2xl bg-surface-2 p-2">
          {attachment.slot === 'image' ? (
            <img
              src={attachment.previewUrl}
              alt="Attachment preview"
              className="h-14 w-14 rounded-xl object-cover"
            />
          ) : attachment.slot === 'video' ? (
            <video
              src={attachment.previewUrl}
              muted
              className="h-14 w-20 rounded-xl bg-black object-cover"
              aria-label="Video preview"
            />
          ) : (
            <audio
              src={attachment.previewUrl}
              controls
              className="h-10 max-w-[60%]"
              aria-label="Voice note preview"
            />
          )}
          <p className="min-w-0 flex-1 truncate text-sm text-muted">
            {attachment.slot === 'voice' && attachment.durationSeconds
              ? `Voice note · ${durationLabel(attachment.durationSeconds)}`
              : attachment.name}
          </p>
          <button
            type="button"
            aria-label="Remove attachment"
            onClick={() => clearAttachment()}
            className="rounded-full p-1 text-subtle hover:text-fg"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {isCreator ? (
        <div className="mb-1 flex">
          <TemplatePicker
            type="message"
            onPick={(t) => setText(t.body)}
            className="[&>div]:bottom-9 [&>div]:left-0 [&>div]:right-auto"
          />
        </div>
      ) : null}
      <div className="flex items-end gap-1">
        {extras.length > 0 ? (
          <Menu
            label="Paid extras"
            trigger={
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg">
                <PlusIcon size={20} />
              </span>
            }
            items={extras}
            className="[&>div]:bottom-12 [&>div]:left-0 [&>div]:right-auto"
          />
        ) : null}
        <label
          className={cn(
            'inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg',
            'focus-within:ring-2 focus-within:ring-accent',
          )}
          title="Attach a photo, video or audio"
        >
          <PaperclipIcon size={20} />
          <span className="sr-only">Attach a photo, video or audio</span>
          <input
            ref={fileRef}
            type="file"
            accept="image/*,video/*,audio/*"
            className="sr-only"
            disabled={disabled}
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </label>
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          rows={1}
          value={text}
          maxLength={MAX_TEXT}
          disabled={disabled}
          placeholder={
            voice.recording ? `Recording… ${durationLabel(voice.seconds)}` : 'Write a message…'
          }
          onChange={(e) => {
            setText(e.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-line bg-surface-2 px-3.5 py-2 text-[15px] text-fg outline-none placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-accent/30 [field-sizing:content]"
        />
        {voice.supported && !text.trim() && !attachment ? (
          <button
            type="button"
            aria-label={voice.recording ? 'Stop recording' : 'Record a voice note'}
            aria-pressed={voice.recording}
            onClick={() => (voice.recording ? voice.stop() : void voice.start())}
            className={cn(
              'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
              voice.recording
                ? 'bg-danger text-white'
                : 'text-muted hover:bg-surface-2 hover:text-fg',
            )}
          >
            {voice.recording ? <StopIcon size={18} /> : <MicIcon size={20} />}
          </button>
        ) : (
          <button
            type="button"
            aria-label="Send message"
            disabled={!canSend}
            onClick={submit}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-solid text-white transition-opacity disabled:opacity-40"
          >
            <SendIcon size={18} />
          </button>
        )}
      </div>
      <LockedMessageDialog
        open={dialog === 'locked'}
        onClose={() => setDialog(null)}
        onSend={onSend}
      />
      <OfferDialog open={dialog === 'offer'} onClose={() => setDialog(null)} onSend={onSend} />
      <TipDialog
        open={dialog === 'tip'}
        onClose={() => setDialog(null)}
        onSend={onSend}
        name={otherName}
      />
      <ContentRequestDialog
        open={dialog === 'request'}
        onClose={() => setDialog(null)}
        onSend={onSend}
      />
    </div>
  );
}
