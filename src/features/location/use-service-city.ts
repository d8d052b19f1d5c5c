// The city chosen on /choose-location, kept on this device (storage key serviceCity), live across screens.
import { useSyncExternalStore } from 'react';
import { storage } from '../../shared/storage/storage.ts';
import { cityById, type City } from './cities.ts';

export function useServiceCity(): [City | undefined, (id: string) => void] {
  const id = useSyncExternalStore(
    (cb) => storage.subscribe('serviceCity', cb),
    () => storage.get('serviceCity'),
  );
  return [cityById(id), (next) => storage.set('serviceCity', next)];
}
