/**
 * A signature, drawn with a finger, pen or mouse, or typed (for keyboard and screen-reader
 * users, and anyone who prefers it). Either way the result is a PNG data URL (spec §3
 * signatureDataUrl); null while empty.
 */
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';

const WIDTH = 480;
const HEIGHT = 160;

/** Renders typed text as a signature-like image. */
export function typedSignature(text: string): string | null {
  const name = text.trim();
  if (!name) return null;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = '#111827';
  context.font = 'italic 44px "Brush Script MT", "Segoe Script", cursive, serif';
  context.textBaseline = 'middle';
  context.fillText(name, 24, HEIGHT / 2, WIDTH - 48);
  return canvas.toDataURL('image/png');
}

export function SignaturePad({
  label,
  onChange,
}: {
  label: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');
  const [hasInk, setHasInk] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const inked = useRef(false);

  function context() {
    return canvasRef.current?.getContext('2d') ?? null;
  }

  function clear() {
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    inked.current = false;
    setHasInk(false);
    onChange(null);
  }

  useEffect(() => {
    if (mode === 'draw') clear();
    else onChange(typedSignature(typed));
    // switching modes starts over; typed text is kept for the type mode
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    const ctx = context();
    if (!ctx) return;
    try {
      // keeps the stroke when the pointer leaves the pad; not every pointer can be captured
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // drawing still works without it
    }
    drawing.current = true;
    const { x, y } = point(event);
    ctx.strokeStyle = '#111827';
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(x, y);
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
    inked.current = true;
    setHasInk(true);
  }

  function end() {
    if (!drawing.current) return;
    drawing.current = false;
    if (inked.current && canvasRef.current) onChange(canvasRef.current.toDataURL('image/png'));
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">{label}</legend>
      <SegmentedControl
        label={`${label}: how to sign`}
        value={mode}
        onChange={(value) => setMode(value as 'draw' | 'type')}
        options={[
          { value: 'draw', label: 'Draw' },
          { value: 'type', label: 'Type' },
        ]}
      />
      {mode === 'draw' ? (
        <div className="flex flex-col gap-2">
          <canvas
            ref={canvasRef}
            width={WIDTH}
            height={HEIGHT}
            role="img"
            aria-label={hasInk ? `${label}: signed` : `${label}: empty, draw here`}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            className="w-full max-w-[480px] touch-none rounded-xl border border-line bg-white"
            style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
          />
          <Button type="button" variant="ghost" size="sm" className="self-start" onClick={clear}>
            Clear
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm text-muted">
            Type the full name as a signature
          </label>
          <input
            id={id}
            value={typed}
            maxLength={80}
            onChange={(event) => {
              setTyped(event.target.value);
              onChange(typedSignature(event.target.value));
            }}
            className="h-11 rounded-xl border border-line bg-surface px-3 font-serif text-lg italic text-fg"
          />
        </div>
      )}
    </fieldset>
  );
}
