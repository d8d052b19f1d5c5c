// Rise/fall classes (tone.module.css) for a direction the worker or a calculator decided.
import s from './tone.module.css';

export type Tone = 'up' | 'down' | 'flat';

/** The text colour of a direction; nothing while it is unknown. */
export function toneClass(dir: Tone | null | undefined): string {
  return dir ? s[dir] : '';
}

/** The tint of a flash showing now (the bridge starts and clears it on batch frames). */
export function flashClass(flash: 'up' | 'down' | null | undefined): string {
  return flash === 'up' ? s.flashUp : flash === 'down' ? s.flashDown : '';
}
