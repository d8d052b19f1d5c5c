// One tab strip for every screen (WAI-ARIA tabs): a tablist whose selected tab is the only one in the Tab
// order (roving tabindex); arrow keys move along the strip in reading order, so in Urdu (right-to-left) the
// left arrow goes to the next tab; Home and End jump to the ends. Two looks: an underlined text strip and
// filled pills. A scrollable strip keeps the selected tab in view.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Num } from './num.tsx';
import s from './tabs.module.css';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /** A count after the label (hidden when 0 or missing). */
  count?: number | undefined;
  testId?: string;
}

interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The tablist's accessible name. */
  label?: string;
  variant?: 'underline' | 'pill';
  /** One line that scrolls sideways when the tabs do not fit (market lists, intervals). */
  scrollable?: boolean;
  /** 'auto' selects the tab an arrow key moves to; 'manual' only focuses it (Enter or Space selects). */
  activation?: 'auto' | 'manual';
  /** Id of the panel the tabs control (see TabPanel); the tabs' own ids derive from it. */
  panelId?: string;
  /** Placement (margins, a sticky bar's padding) from the screen's own module. */
  className?: string;
  testId?: string;
}

/** The id of a tab of the strip that controls `panelId`. */
export function tabId(panelId: string, value: string): string {
  return `${panelId}-tab-${value}`;
}

/** Whether the element lays out right-to-left (the page's dir, or a nearer dir="ltr" island). */
function isRtl(el: HTMLElement): boolean {
  const d = getComputedStyle(el).direction;
  if (d === 'rtl' || d === 'ltr') return d === 'rtl';
  return el.closest('[dir]')?.getAttribute('dir') === 'rtl';
}

/** Index of the tab a key moves to from `from` among `n` tabs, or null for keys the strip ignores. */
export function nextTabIndex(key: string, from: number, n: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (from + 1) % n;
  if (key === back) return (from - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

export function Tabs<V extends string>({
  items,
  value,
  onChange,
  label,
  variant = 'underline',
  scrollable = false,
  activation = 'auto',
  panelId,
  className,
  testId,
}: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);

  // A scrollable strip opened on a tab past its edge (a link with ?state=, the last tab chosen) shows it: the
  // strip alone scrolls sideways, never the page.
  useEffect(() => {
    const l = list.current;
    if (!scrollable || !l) return;
    const tab = l.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!tab) return;
    const box = l.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < box.left) l.scrollLeft -= box.left - t.left + 16;
    else if (t.right > box.right) l.scrollLeft += t.right - box.right + 16;
  }, [scrollable, value]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!list.current) return;
    const tabs = [...list.current.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const from = tabs.indexOf(e.target as HTMLButtonElement);
    if (from < 0) return;
    const to = nextTabIndex(e.key, from, tabs.length, isRtl(list.current));
    if (to === null) return;
    e.preventDefault();
    const tab = tabs[to];
    tab?.focus();
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const next = items[to];
    if (activation === 'auto' && next && next.value !== value) onChange(next.value);
  };

  const cls = [s.list, s[variant], scrollable ? s.scrollable : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div
      ref={list}
      className={cls}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {items.map((it) => {
        const selected = it.value === value;
        return (
          <button
            key={it.value}
            type="button"
            role="tab"
            id={panelId ? tabId(panelId, it.value) : undefined}
            aria-controls={panelId}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={s.tab}
            data-testid={it.testId}
            onClick={(e) => {
              if (scrollable) e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
              if (!selected) onChange(it.value);
            }}
          >
            {it.label}
            {it.count ? <Num className={s.count}>{it.count}</Num> : null}
          </button>
        );
      })}
    </div>
  );
}

/** The panel a strip controls: labelled by its selected tab. */
export function TabPanel({
  id,
  value,
  className,
  children,
}: {
  id: string;
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={id} role="tabpanel" aria-labelledby={tabId(id, value)} className={className}>
      {children}
    </div>
  );
}
