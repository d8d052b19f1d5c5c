// @vitest-environment jsdom
// The result page after a submission: its status mark, title, message, the submitted facts as label/value
// lines, and its next steps as a link or a button.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Num } from '../../../../src/shared/ui/num.tsx';
import { ResultPage } from '../../../../src/shared/ui/result-page.tsx';
import s from '../../../../src/shared/ui/result-page.module.css';
import { renderScreen } from '../../support/render-app.tsx';

afterEach(cleanup);

describe('ResultPage', () => {
  it('shows a success with its facts and a link and a button to go on', () => {
    const again = vi.fn();
    renderScreen(
      '/done',
      <ResultPage
        status="success"
        title="Order placed"
        message="It is in the order centre."
        details={[
          { label: 'Stock', value: <Num>OGDC</Num> },
          { label: 'Quantity', value: <Num>100</Num> },
        ]}
        primary={{ label: 'Order centre', to: '/pages/tabbar/position', testId: 'to-orders' }}
        secondary={{ label: 'Buy more', onClick: again }}
        testId="result"
      />,
    );
    const result = screen.getByTestId('result');
    expect(result.dataset.status).toBe('success');
    expect(result.getAttribute('aria-live')).toBe('polite');
    expect(result.querySelector(`.${s.success}`)?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Order placed' })).toBeTruthy();
    expect(screen.getByText('It is in the order centre.')).toBeTruthy();
    const lines = [...result.querySelectorAll('dl > div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['Stock', 'OGDC'],
      ['Quantity', '100'],
    ]);
    expect(screen.getByTestId('to-orders').getAttribute('href')).toBe('/pages/tabbar/position');
    fireEvent.click(screen.getByRole('button', { name: 'Buy more' }));
    expect(again).toHaveBeenCalledOnce();
  });

  it('marks failure and pending each in its own tone, with no empty detail list or actions', () => {
    renderScreen('/x', <ResultPage status="failure" title="Refused" testId="r" />);
    expect(screen.getByTestId('r').querySelector(`.${s.failure}`)).toBeTruthy();
    expect(screen.getByTestId('r').querySelector('dl')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderScreen('/x', <ResultPage status="pending" title="Under review" details={[]} testId="r" />);
    expect(screen.getByTestId('r').querySelector(`.${s.pending}`)).toBeTruthy();
    expect(screen.getByTestId('r').querySelector('dl')).toBeNull();
  });
});
