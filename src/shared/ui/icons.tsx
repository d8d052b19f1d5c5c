// Inline SVG icons (no icon font, nothing fetched). Stroke icons on a 24 grid that take currentColor.
// Icons that point somewhere (back, chevron) carry `icon--flip` so they mirror in right-to-left layouts.
// The first screens' icons and the helper are in icons-first.tsx (the entry chunk); the rest here.
import { svg, type IconProps } from './icons-first.tsx';

export {
  IconBack,
  IconBolt,
  IconCheck,
  IconClose,
  IconDeposit,
  IconGlobe,
  IconHeadset,
  IconHome,
  IconInfo,
  IconIpo,
  IconMarkets,
  IconMenu,
  IconNews,
  IconPositions,
  IconRefresh,
  IconRobot,
  IconSearch,
  IconSwap,
  IconTrade,
  IconUser,
  IconWithdraw,
} from './icons-first.tsx';

export const IconWallet = svg(
  <>
    <path d="M20 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
    <path d="M17 14h.01" />
  </>,
);
export const IconChevron = svg(<path d="M9 5l7 7-7 7" />, { flip: true });
export const IconCopy = svg(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const IconShield = svg(
  <>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
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
export const IconClock = svg(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
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
export const IconHourglass = svg(
  <path d="M6 3h12M6 21h12M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />,
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
