// @vitest-environment jsdom
// The shared modals: BottomSheet and ConfirmDialog keep focus inside while open (Tab and Shift+Tab wrap),
// close on Escape or a tap on the backdrop, let only the topmost modal answer Escape, and give focus back to
// the control that opened them.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { BottomSheet } from '../../../../src/shared/ui/bottom-sheet.tsx';
import { ConfirmDialog } from '../../../../src/shared/ui/confirm-dialog.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

const tab = (shift = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

function SheetHost({ autoFocusField = false }: { autoFocusField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <BottomSheet open={open} title="Pick one" onClose={() => setOpen(false)} testId="sheet">
        <input aria-label="Search" autoFocus={autoFocusField} />
        <button type="button">First choice</button>
        <button type="button">Last choice</button>
      </BottomSheet>
    </>
  );
}

describe('BottomSheet', () => {
  it('opens as a labelled modal dialog holding focus, and Tab / Shift+Tab wrap inside it', () => {
    render(<SheetHost />);
    fireEvent.click(screen.getByText('Open sheet'));
    const sheet = screen.getByRole('dialog', { name: 'Pick one' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.dataset.testid).toBe('sheet');
    // Nothing autofocused: the panel itself has focus, so its name is read first.
    expect(document.activeElement).toBe(sheet);
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab();
    tab();
    tab();
    expect(document.activeElement).toBe(screen.getByText('Last choice'));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByText('Last choice'));
  });

  it('keeps an autofocused field focused when it opens', () => {
    render(<SheetHost autoFocusField />);
    fireEvent.click(screen.getByText('Open sheet'));
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
  });

  it('closes on Escape and gives focus back to the opener', () => {
    render(<SheetHost />);
    const opener = screen.getByText('Open sheet');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a tap on the backdrop, not on a tap inside', () => {
    render(<SheetHost />);
    fireEvent.click(screen.getByText('Open sheet'));
    fireEvent.click(screen.getByText('First choice'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  function DialogHost({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Sign out
        </button>
        <ConfirmDialog
          open={open}
          title="Sign out?"
          message="You will need your password again."
          confirmLabel="Yes, sign out"
          danger
          busy={busy}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }

  it('is an alert dialog that starts on the safe choice and keeps Tab between its two buttons', () => {
    render(<DialogHost onConfirm={() => undefined} />);
    fireEvent.click(screen.getByText('Sign out'));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog.textContent).toContain('You will need your password again.');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Yes, sign out' });
    expect(document.activeElement).toBe(cancel);
    tab();
    expect(document.activeElement).toBe(confirm);
    tab();
    expect(document.activeElement).toBe(cancel);
    tab(true);
    expect(document.activeElement).toBe(confirm);
  });

  it('confirms with the confirm button, and not while busy', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<DialogHost onConfirm={onConfirm} busy />);
    fireEvent.click(screen.getByText('Sign out'));
    expect(screen.getByRole('button', { name: 'Yes, sign out' }).hasAttribute('disabled')).toBe(true);
    rerender(<DialogHost onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancels on Escape and on the cancel button, giving focus back to the opener', () => {
    render(<DialogHost onConfirm={() => undefined} />);
    const opener = screen.getByText('Sign out');
    opener.focus();
    fireEvent.click(opener);
    escape();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('over a sheet, Escape closes only the dialog, and the page under both never hears it', () => {
    const pageEscape = vi.fn();
    document.addEventListener('keydown', pageEscape);
    function Stack() {
      const [sheet, setSheet] = useState(true);
      const [dialog, setDialog] = useState(true);
      return (
        <BottomSheet open={sheet} title="Order" onClose={() => setSheet(false)}>
          <ConfirmDialog
            open={dialog}
            title="Cancel order?"
            onConfirm={() => undefined}
            onCancel={() => setDialog(false)}
          />
        </BottomSheet>
      );
    }
    render(<Stack />);
    escape();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Order' })).toBeTruthy();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pageEscape).not.toHaveBeenCalled();
    document.removeEventListener('keydown', pageEscape);
  });
});
