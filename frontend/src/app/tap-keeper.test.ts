import { afterEach, describe, expect, it } from 'vitest';
import { keepTapsUntilTakeover, keptTapsScript, type KeptTaps } from './tap-keeper';

type KeeperWindow = Window & { keptTaps?: KeptTaps };

/** A server-drawn card: a pack-size radio in its label, a "+" button, a disabled Add to Pack, a link; a button outside the app. */
function drawPage(): void {
  document.body.innerHTML = `
    <div id="root">
      <label id="four"><input type="radio" name="size" value="4pack"><span>4 Pack</span></label>
      <button id="plus" type="button"><span>+</span></button>
      <button id="add" type="button" disabled><span>Add to Pack</span></button>
      <a id="beer" href="/shop/pale">Pale</a>
      <form id="age" action="/age-check" method="post"><button id="yes" type="submit">Yes</button></form>
    </div>
    <button id="outside" type="button">Outside</button>`;
}

const tap = (id: string, type = 'click'): boolean =>
  (document.getElementById(id) as HTMLElement).dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

describe('keeping taps until the code takes over', () => {
  const win = window as KeeperWindow;
  afterEach(async () => {
    await win.keptTaps?.replay();
    delete win.keptTaps;
  });

  it('given taps on a radio, a button and a disabled button before takeover, then none acts, and once replayed each reaches its element in order, one task apart', async () => {
    drawPage();
    keepTapsUntilTakeover(document, win);
    const radio = document.querySelector<HTMLInputElement>('#four input') as HTMLInputElement;
    const seen: string[] = [];
    radio.addEventListener('change', () => seen.push('four'));
    for (const id of ['plus', 'add']) document.getElementById(id)?.addEventListener('click', () => seen.push(id));

    expect(tap('four')).toBe(false);
    expect(tap('plus')).toBe(false);
    // A disabled button fires no click, only pointer events: its tap is kept from pointerup.
    tap('add', 'pointerup');
    expect(radio.checked).toBe(false);
    expect(seen).toEqual([]);
    expect(document.querySelectorAll('[data-tap-kept]')).toHaveLength(3);

    // The code took over: the count chosen by "+" enables Add to Pack before its tap is replayed.
    document.getElementById('plus')?.addEventListener('click', () => document.getElementById('add')?.removeAttribute('disabled'));
    expect(await win.keptTaps?.replay()).toBe(3);
    expect(seen).toEqual(['four', 'plus', 'add']);
    expect(radio.checked).toBe(true);
    expect(document.querySelectorAll('[data-tap-kept]')).toHaveLength(0);
  });

  it('given a tap made while the kept taps are being given back, then it is kept too and given back after them', async () => {
    drawPage();
    keepTapsUntilTakeover(document, win);
    const seen: string[] = [];
    for (const id of ['plus', 'add']) document.getElementById(id)?.addEventListener('click', () => seen.push(id));
    document.getElementById('plus')?.addEventListener('click', () => document.getElementById('add')?.removeAttribute('disabled'));
    tap('plus');
    const replayed = win.keptTaps?.replay();
    // The code has taken over, but "+" is not given back yet: Add to Pack is still disabled when it is tapped.
    tap('add', 'pointerup');
    expect(await replayed).toBe(2);
    expect(seen).toEqual(['plus', 'add']);
  });

  it('given a link, a native form or anything outside the app, then the browser handles it as without code', () => {
    drawPage();
    keepTapsUntilTakeover(document, win);
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    expect(document.getElementById('beer')?.dispatchEvent(new Event('click', { bubbles: true, cancelable: true }))).toBe(false);
    expect(tap('yes')).toBe(true);
    expect(tap('outside')).toBe(true);
    expect(document.querySelectorAll('[data-tap-kept]')).toHaveLength(0);
  });

  it('given the taps were replayed, then later taps go straight to the code, and a second replay does nothing', async () => {
    drawPage();
    keepTapsUntilTakeover(document, win);
    expect(await win.keptTaps?.replay()).toBe(0);
    expect(tap('plus')).toBe(true);
    expect(await win.keptTaps?.replay()).toBe(0);
  });

  it('is inlined as a script that runs on its own', () => {
    drawPage();
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs this text as it stands: so does the test
    const run = new Function(keptTapsScript()) as () => void;
    run();
    expect(typeof win.keptTaps?.replay).toBe('function');
    expect(tap('plus')).toBe(false);
  });
});
