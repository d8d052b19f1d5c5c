// @vitest-environment jsdom
// /choose-location and /open-location: a city chosen from the list (searchable, in the reader's language) is
// kept on this device; the permission screen shows the browser's permission state, asks with a button, and
// offers the nearest city to the position the browser gives; blocked shows how to allow it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nearestCity } from '../../../../src/features/location/cities.ts';
import ChooseLocationPage from '../../../../src/features/location/choose-location-page.tsx';
import OpenLocationPage from '../../../../src/features/location/open-location-page.tsx';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { renderRoutes, renderScreen } from '../../support/render-app.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  storage.set('serviceCity', '');
  vi.unstubAllGlobals();
});

function stubBrowser(
  state: 'granted' | 'denied' | 'prompt',
  coords?: { latitude: number; longitude: number },
) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (coords) ok({ coords } as GeolocationPosition);
    else fail?.({ code: 1 } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition },
    permissions: {
      query: () => Promise.resolve({ state, addEventListener() {}, removeEventListener() {} }),
    },
  });
  return getCurrentPosition;
}

describe('nearestCity', () => {
  it('finds the list city closest to a point', () => {
    expect(nearestCity(31.55, 74.34).city.id).toBe('lahore');
    expect(nearestCity(24.9, 67.1).city.id).toBe('karachi');
    expect(nearestCity(33.7, 73.05).city.id).toBe('islamabad');
  });
});

describe('ChooseLocationPage', () => {
  it('filters the list and keeps the chosen city on this device', async () => {
    renderRoutes(
      [
        { path: '/choose-location', element: <ChooseLocationPage /> },
        { path: '/pages/tabbar/home', element: <p>home</p> },
      ],
      '/choose-location',
    );
    expect(screen.getByTestId('current-city').textContent).toBe('No city chosen yet');
    fireEvent.change(screen.getByLabelText('Search cities'), { target: { value: 'mul' } });
    await waitFor(() => expect(screen.queryByTestId('city-karachi')).toBeNull(), { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('city-multan'));
    await waitFor(() => expect(storage.get('serviceCity')).toBe('multan'), { timeout: 15_000 });
    // chosen: back to where the user came from; opened again, the page shows the choice
    await waitFor(() => expect(screen.getByText('home')).toBeTruthy(), { timeout: 15_000 });
    cleanup();
    renderScreen('/choose-location', <ChooseLocationPage />);
    expect(screen.getByTestId('current-city').textContent).toBe('Your city: Multan');
  });
});

describe('OpenLocationPage', () => {
  it('asks with a button and offers the nearest city', async () => {
    const ask = stubBrowser('prompt', { latitude: 30.2, longitude: 71.45 });
    renderScreen('/open-location', <OpenLocationPage />);
    await waitFor(() => expect(screen.getByTestId('perm-state').dataset['state']).toBe('prompt'), {
      timeout: 15_000,
    });
    fireEvent.click(screen.getByTestId('ask'));
    expect(ask).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('nearest').textContent).toContain('Multan'), {
      timeout: 15_000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use this city' }));
    await waitFor(() => expect(storage.get('serviceCity')).toBe('multan'), { timeout: 15_000 });
  });

  it('blocked: says so, explains how to allow, and has no ask button', async () => {
    stubBrowser('denied');
    renderScreen('/open-location', <OpenLocationPage />);
    await waitFor(
      () => expect(screen.getByTestId('perm-state').textContent).toBe('Location is blocked for this site'),
      { timeout: 15_000 },
    );
    expect(screen.queryByTestId('ask')).toBeNull();
    expect(screen.getByText(/set Location to Allow/)).toBeTruthy();
  });
});
