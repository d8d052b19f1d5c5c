// @vitest-environment jsdom
// The shared tab strip: one tab in the Tab order (the selected one), aria-selected, panel wiring, and the
// keyboard in both reading directions (in Urdu the left arrow is "next"), with automatic and manual activation.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTabIndex, TabPanel, Tabs, tabId } from '../../../../src/shared/ui/tabs.tsx';

type V = 'a' | 'b' | 'c';
const ITEMS = [
  { value: 'a', label: 'Alpha', testId: 'tab-a' },
  { value: 'b', label: 'Beta', count: 3 },
  { value: 'c', label: 'Gamma', count: 0 },
] as const;

function Strip({ dir, activation }: { dir: 'ltr' | 'rtl'; activation?: 'auto' | 'manual' }) {
  const [v, setV] = useState<V>('a');
  return (
    <div dir={dir}>
      <Tabs
        items={ITEMS}
        value={v}
        onChange={setV}
        label="Lists"
        panelId="p"
        activation={activation ?? 'auto'}
      />
      <TabPanel id="p" value={v}>
        panel {v}
      </TabPanel>
    </div>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

afterEach(cleanup);

describe('Tabs', () => {
  it('is a labelled tablist whose selected tab alone is in the Tab order and labels the panel', () => {
    render(<Strip dir="ltr" />);
    expect(screen.getByRole('tablist', { name: 'Lists' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(selected()).toEqual([tab('Alpha')]);
    expect(tab('Alpha').id).toBe(tabId('p', 'a'));
    expect(tab('Alpha').getAttribute('aria-controls')).toBe('p');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabId('p', 'a'));
    expect(screen.getByTestId('tab-a')).toBe(tab('Alpha'));
    // A count shows after its label; a zero count does not.
    expect(tab('Beta').textContent).toBe('Beta3');
    expect(tab('Gamma').textContent).toBe('Gamma');
  });

  it('selects on click and moves the tab stop with the selection', () => {
    render(<Strip dir="ltr" />);
    fireEvent.click(tab('Gamma'));
    expect(selected()).toEqual([tab('Gamma')]);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
  });

  it('left to right: ArrowRight is next, ArrowLeft previous, both wrap; Home and End jump', () => {
    render(<Strip dir="ltr" />);
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Beta'));
    expect(selected()).toEqual([tab('Beta')]);
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(selected()).toEqual([tab('Alpha')]);
    fireEvent.keyDown(tab('Alpha'), { key: 'End' });
    expect(selected()).toEqual([tab('Gamma')]);
  });

  it('right to left (Urdu): ArrowLeft is next and ArrowRight previous', () => {
    render(<Strip dir="rtl" />);
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Beta'));
    expect(selected()).toEqual([tab('Beta')]);
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowRight' });
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(selected()).toEqual([tab('Gamma')]);
  });

  it('manual activation moves focus only; Enter (a click on the button) selects', () => {
    render(<Strip dir="ltr" activation="manual" />);
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Beta'));
    expect(selected()).toEqual([tab('Alpha')]);
    fireEvent.click(tab('Beta'));
    expect(selected()).toEqual([tab('Beta')]);
  });

  it('ignores other keys', () => {
    expect(nextTabIndex('ArrowDown', 1, 3, false)).toBeNull();
    expect(nextTabIndex('a', 1, 3, true)).toBeNull();
  });
});
