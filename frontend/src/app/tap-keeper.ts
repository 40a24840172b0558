/**
 * Keeps the taps made on a server-drawn page before the shop's code has taken it over, and gives them to the
 * code once it has: the page paints seconds before its code runs on a slow phone, and a tap in between must
 * neither be lost nor half-done by the browser alone (a pack-size radio it checked while the code still thinks
 * "Single Can"). Inlined at the top of every page (`keptTapsScript`), so it listens from the first paint; it
 * keeps only what happens inside `#root` and lets links and the age gate's form work as they do without code.
 *
 * A tap on a disabled button (Add to Pack before its count is chosen) fires no click, only pointer events: it is
 * kept from its `pointerup`, and replayed after the taps before it, when the button may have come alive.
 *
 * This function is serialised into the page: it must use nothing from outside its own body.
 */
export function keepTapsUntilTakeover(doc: Document, win: Window & { keptTaps?: KeptTaps }): void {
  const kept: { target: HTMLElement; kind: 'click' | 'submit' }[] = [];
  const types = ['click', 'pointerup', 'submit'] as const;
  let keeping = true;
  let replaying = false;
  /** True while a kept tap is being given back: that click is the replay's own, not a new tap. */
  let dispatching = false;
  const controlOf = (node: Element): HTMLElement | null =>
    node.closest<HTMLElement>('button,input,select,textarea,label,summary,[role=button],[role=radio],[role=checkbox]');
  const keep = (event: Event): void => {
    const node = event.target;
    const root = doc.getElementById('root');
    if (!keeping || dispatching || !(node instanceof Element) || root === null || !root.contains(node)) return;
    // Links and native forms work without the code: the browser follows them as it would anyway.
    if (node.closest('a[href]') !== null || node.closest('form[action]') !== null) return;
    const control = event.type === 'submit' ? (node as HTMLElement) : controlOf(node);
    if (control === null) return;
    let kind: 'click' | 'submit' = 'click';
    if (event.type === 'pointerup') {
      // Enabled controls get their click next; only a disabled one's tap would go unseen.
      if (!(control as HTMLButtonElement).disabled) return;
    } else {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.type === 'submit') kind = 'submit';
    }
    // Shown where it can be seen: a pack-size radio is hidden inside its label.
    (control.closest('label') ?? control).setAttribute('data-tap-kept', '');
    kept.push({ target: control, kind });
  };
  for (const type of types) doc.addEventListener(type, keep, true);
  win.keptTaps = {
    replay(): Promise<number> {
      if (!keeping || replaying) return Promise.resolve(0);
      replaying = true;
      // Taps keep being kept (after those already kept) until the queue is empty: a card may still be taking
      // over, and a tap on it now (Add to Pack, still disabled until the kept "+" is given back) must wait its turn.
      // One tap per task: the page draws what each did before the next. A tap on a part that hydrates on its own
      // waits for it to be live (`useLiveMark`), five seconds at most.
      return new Promise((resolve) => {
        let done = 0;
        let waited = 0;
        const next = (): void => {
          const tap = kept[0];
          if (tap === undefined) {
            keeping = false;
            for (const type of types) doc.removeEventListener(type, keep, true);
            resolve(done);
            return;
          }
          const part = tap.target.closest('[data-hydrates-alone]');
          if (part !== null && !part.hasAttribute('data-live') && waited < 100) {
            waited += 1;
            setTimeout(next, 50);
            return;
          }
          kept.shift();
          waited = 0;
          (tap.target.closest('label') ?? tap.target).removeAttribute('data-tap-kept');
          if (tap.target.isConnected) {
            dispatching = true;
            try {
              if (tap.kind === 'submit' && tap.target instanceof HTMLFormElement) tap.target.requestSubmit();
              else tap.target.click();
            } finally {
              dispatching = false;
            }
            done += 1;
          }
          setTimeout(next, 0);
        };
        setTimeout(next, 0);
      });
    },
  };
}

/** What the kept taps offer the shop's code once it has taken the page over. */
export interface KeptTaps {
  /** Stops keeping and replays what was kept, in order, to the same elements; resolves with how many. */
  replay(): Promise<number>;
}

/** The inline script put at the top of every page (its hash is allowed by the server's Content-Security-Policy). */
export function keptTapsScript(): string {
  return `(${keepTapsUntilTakeover.toString()})(document,window);`;
}
