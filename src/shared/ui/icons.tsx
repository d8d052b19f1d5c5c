// Inline SVG icons (no icon font, nothing fetched). Stroke icons on a 24 grid that take currentColor.
// Icons that point somewhere (back, chevron) carry `icon--flip` so they mirror in right-to-left layouts.
import type { ReactNode } from 'react';

interface IconProps {
  size?: number;
  className?: string;
  /** the shape filled with currentColor too (e.g. a chosen star) */
  filled?: boolean;
}

function svg(children: ReactNode, opts: { flip?: boolean; size?: number } = {}) {
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
export const IconWallet = svg(
  <>
    <path d="M20 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
    <path d="M17 14h.01" />
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
export const IconChevron = svg(<path d="M9 5l7 7-7 7" />, { flip: true });
export const IconCopy = svg(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const IconCheck = svg(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const IconClose = svg(<path d="M6 6l12 12M18 6L6 18" />);
export const IconGlobe = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const IconShield = svg(
  <>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </>,
);
export const IconInfo = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5h.01" />
  </>,
);
export const IconLock = svg(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);
export const IconLogout = svg(<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />, {
  flip: true,
});
export const IconDeposit = svg(<path d="M12 4v12M7 11l5 5 5-5M5 20h14" />);
export const IconWithdraw = svg(<path d="M12 20V8M7 13l5-5 5 5M5 4h14" />);
export const IconBank = svg(<path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18" />);
export const IconReceipt = svg(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </>,
);
export const IconFunds = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.5 9a2.5 2 0 0 0-2.5-1.5c-1.4 0-2.5.8-2.5 2s1.1 1.7 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2A2.6 2 0 0 1 9.5 15M12 6v1.5M12 16.5V18" />
  </>,
);
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
export const IconClock = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const IconSwap = svg(<path d="M4 8h14l-4-4M20 16H6l4 4" />);
export const IconDoc = svg(
  <>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </>,
);
export const IconEye = svg(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const IconEyeOff = svg(
  <>
    <path d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3 3.6M6.6 6.7C3.8 8.4 2 12 2 12s3.5 7 10 7a9.6 9.6 0 0 0 4.4-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);
export const IconRefresh = svg(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
export const IconHourglass = svg(
  <path d="M6 3h12M6 21h12M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />,
);
export const IconSearch = svg(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const IconStar = svg(
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
);
export const IconTrash = svg(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />, { size: 20 });
export const IconLogo = function IconLogo({ size = 40 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="logo">
      <rect width="40" height="40" rx="11" fill="url(#logo-g)" />
      <path
        d="M9 27l7-8 5 5 10-11"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="31" cy="13" r="2.6" fill="#fff" />
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="40" y2="40">
          <stop offset="0" stopColor="#2f7bff" />
          <stop offset="1" stopColor="#17c3a4" />
        </linearGradient>
      </defs>
    </svg>
  );
};
