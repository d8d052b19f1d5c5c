// Numbers, prices, ids and phone numbers stay left-to-right and in Latin digits inside Urdu text.
import type { ReactNode } from 'react';

export function Num({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <bdi dir="ltr" className={`num${className ? ` ${className}` : ''}`}>
      {children}
    </bdi>
  );
}
