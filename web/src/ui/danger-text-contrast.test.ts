/** WCAG AA contrast of the danger text colour in every theme, read from styles.css. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const css = readFileSync(resolve(here, '../styles.css'), 'utf8');

type Rgb = [number, number, number];

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  if (start === -1) throw new Error(`no ${selector} block`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--fs-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

function parse(value: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { rgb: [n >> 16, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const rgba = /^rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)$/.exec(value);
  if (!rgba) throw new Error(`unreadable colour ${value}`);
  return { rgb: [+rgba[1]!, +rgba[2]!, +rgba[3]!], alpha: +rgba[4]! };
}

const over = (top: { rgb: Rgb; alpha: number }, bottom: Rgb): Rgb =>
  top.rgb.map((c, i) => c * top.alpha + bottom[i]! * (1 - top.alpha)) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const THEMES: Array<[string, string[]]> = [
  ['dark', [':root']],
  ['light', [':root', 'html.light']],
  ['dark high contrast', [':root', 'html.high-contrast']],
  ['light high contrast', [':root', 'html.light', 'html.light.high-contrast']],
];

describe('--fs-danger-text', () => {
  it.each(THEMES)('reads at 4.5:1 or more on every surface and its hover (%s)', (_, selectors) => {
    const vars = Object.assign({}, ...selectors.map(block)) as Record<string, string>;
    const text = parse(vars['--fs-danger-text']!).rgb;
    const soft = parse(vars['--fs-danger-soft']!);
    for (const name of ['--fs-canvas', '--fs-surface', '--fs-surface-2', '--fs-surface-3']) {
      const surface = parse(vars[name]!).rgb;
      expect(contrast(text, surface), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, over(soft, surface)), `${name} + hover`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
