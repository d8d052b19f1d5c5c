// The icons the first screens show (the shell, Home, Markets): in the entry chunk. The others are in
// icons.tsx, which re-exports these, so a page chunk imports every icon from there; shell modules import from
// here so the entry carries none of the other icons.
// Inline SVG icons (no icon font, nothing fetched). Stroke icons on a 24 grid that take currentColor.
// Icons that point somewhere (back, chevron) carry `icon--flip` so they mirror in right-to-left layouts.
import type { ReactNode } from 'react';

export interface IconProps {
  size?: number;
  className?: string;
  /** the shape filled with currentColor too (e.g. a chosen star) */
  filled?: boolean;
}

export function svg(children: ReactNode, opts: { flip?: boolean; size?: number } = {}) {
  const flip = opts.flip ?? false;
  return function Icon({ size = opts.size ?? 24, className, filled = false }: IconProps) {
    return (
      <svg
        className={`icon${flip ? ' icon--flip' : ''}${className ? ` ${className}` : ''}`}
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
  };
}

export const IconHome = svg(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </>,
);
export const IconPositions = svg(
  <>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </>,
);
export const IconRobot = svg(
  <>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 8V4M9 4h6M9 13h.01M15 13h.01M9.5 17h5M2 13v3M22 13v3" />
  </>,
);
export const IconUser = svg(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const IconMenu = svg(<path d="M4 6h16M4 12h16M4 18h10" />);
export const IconBack = svg(<path d="M15 5l-7 7 7 7" />, { flip: true });
export const IconCheck = svg(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const IconClose = svg(<path d="M6 6l12 12M18 6L6 18" />);
export const IconGlobe = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const IconInfo = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5h.01" />
  </>,
);
export const IconDeposit = svg(<path d="M12 4v12M7 11l5 5 5-5M5 20h14" />);
export const IconWithdraw = svg(<path d="M12 20V8M7 13l5-5 5 5M5 4h14" />);
export const IconMarkets = svg(<path d="M3 17l5-5 4 4 8-8M15 8h5v5" />);
export const IconTrade = svg(<path d="M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4" />);
export const IconIpo = svg(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 12h18" />
  </>,
);
export const IconNews = svg(
  <>
    <path d="M4 5h13v14a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2z" />
    <path d="M17 9h3v10a2 2 0 0 1-2 2M8 9h5M8 13h5M8 17h3" />
  </>,
);
export const IconHeadset = svg(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </>,
);
export const IconBolt = svg(<path d="M13 2L4 14h7l-1 8 9-12h-7z" />);
export const IconSwap = svg(<path d="M4 8h14l-4-4M20 16H6l4 4" />);
export const IconRefresh = svg(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
export const IconSearch = svg(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
