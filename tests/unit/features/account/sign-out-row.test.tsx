// @vitest-environment jsdom
// The sign-out row the drawer and the Mine tab share: a red button labelled "Sign out", with no chevron.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { SignOutRow } from '../../../../src/features/account/sign-out-dialog.tsx';
import s from '../../../../src/shared/ui/list-row.module.css';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

describe('SignOutRow', () => {
  it('is a danger button without a chevron that calls onClick', () => {
    const onClick = vi.fn();
    render(<SignOutRow onClick={onClick} testId="x-sign-out" />);
    const row = screen.getByRole('button', { name: 'Sign out' });
    expect(row.dataset.testid).toBe('x-sign-out');
    expect(row.className).toBe(`${s.row} ${s.danger}`);
    expect(row.querySelector(`.${s.chevron}`)).toBeNull();
    expect(row.querySelector(`.${s.icon} svg`)).not.toBeNull();
    fireEvent.click(row);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
