// Icons only the market screens use (search, star, trash), on the same 24 grid as the shared kit.
import type { ReactNode } from 'react';

interface P {
  size?: number;
  filled?: boolean;
}

function base(size: number, children: ReactNode, filled = false) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function IconSearch({ size = 24 }: P) {
  return base(
    size,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );
}

export function IconStar({ size = 24, filled = false }: P) {
  return base(
    size,
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
    filled,
  );
}

export function IconTrash({ size = 20 }: P) {
  return base(
    size,
    <>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>,
  );
}
