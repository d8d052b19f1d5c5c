// The round user mark beside an account name (no photos yet: a person icon on the brand gradient).
import { IconUser } from './icons.tsx';
import s from './avatar.module.css';

export function Avatar() {
  return (
    <span className={s.avatar} aria-hidden="true">
      <IconUser />
    </span>
  );
}
