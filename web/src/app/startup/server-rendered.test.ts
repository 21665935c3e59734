import { afterEach, describe, expect, it } from 'vitest';
import { markInteractive } from './server-rendered.ts';

afterEach(() => document.getElementById('root')?.remove());

describe('markInteractive', () => {
  it('ends the wait of a server-rendered page: the layer goes, fields the server locked are editable', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-server-rendered', '');
    root.innerHTML =
      '<input id="a" readonly data-ssr-readonly><input id="b" readonly><textarea id="c" readonly data-ssr-readonly></textarea>';
    const shield = document.createElement('div');
    shield.id = 'ssr-shield';
    document.body.append(root, shield);
    markInteractive();
    expect(root.hasAttribute('data-server-rendered')).toBe(false);
    expect(document.getElementById('ssr-shield')).toBeNull();
    expect(document.getElementById('a')?.hasAttribute('readonly')).toBe(false);
    expect(document.getElementById('c')?.hasAttribute('readonly')).toBe(false);
    // a field that is read-only in the app stays so
    expect(document.getElementById('b')?.hasAttribute('readonly')).toBe(true);
    // once only: a later call changes nothing the app has set since
    (document.getElementById('a') as HTMLInputElement).readOnly = true;
    document.getElementById('a')?.setAttribute('data-ssr-readonly', '');
    markInteractive();
    expect(document.getElementById('a')?.hasAttribute('readonly')).toBe(true);
  });
});
