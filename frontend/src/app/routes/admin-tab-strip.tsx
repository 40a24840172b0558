import type { KeyboardEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';

export interface AdminTabItem<K extends string> {
  key: K;
  label: string;
  /** How many things the tab lists, drawn beside its name (not read out: the summary says it in words). */
  count?: number;
  panel: ReactNode;
}

export interface AdminTabStripProps<K extends string> {
  items: readonly AdminTabItem<K>[];
  activeKey: K;
  onSelect: (key: K) => void;
}

const tabId = (key: string) => `admin-tab-${key}`;
const panelId = (key: string) => `admin-panel-${key}`;

/**
 * The admin's tabs as one strip that wraps instead of scrolling or folding tabs away behind a menu: every tab is
 * in view at any width, so one tap (or click) on any of them selects it. A tablist with the arrow keys, Home and
 * End (each selects the tab it moves to). A tab's panel is drawn the first time it is selected and kept, hidden,
 * after that, so each tab asks the server for its data when first opened.
 */
export function AdminTabStrip<K extends string>({ items, activeKey, onSelect }: AdminTabStripProps<K>) {
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));
  const list = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((item) => item.key === activeKey);
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % items.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    const next = to === null ? undefined : items[to];
    if (to === null || next === undefined) return;
    event.preventDefault();
    onSelect(next.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };

  return (
    <div className="admin-tabs">
      <div ref={list} role="tablist" aria-label="Admin sections" className="admin-tabs__list" onKeyDown={move}>
        {items.map((item) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={panelId(item.key)}
              tabIndex={selected ? 0 : -1}
              className="admin-tabs__tab"
              onClick={() => onSelect(item.key)}
            >
              {item.label}
              {item.count === undefined ? null : (
                <>
                  {' '}
                  <span className="admin-dashboard__tab-count" aria-hidden>
                    {item.count}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>
      {items
        .filter((item) => visited.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            hidden={item.key !== activeKey}
            className="admin-tabs__panel"
          >
            {item.panel}
          </div>
        ))}
    </div>
  );
}
