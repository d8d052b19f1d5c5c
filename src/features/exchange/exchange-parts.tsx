// Parts the exchange screens share: the three account cards (coin/assets), amounts as text, the summary list.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoinAssets } from '../../../contract/exchange.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import { cx } from '../../shared/ui/cx.ts';
import s from './exchange.module.css';

/** A coin amount without trailing zeros past 2 decimals, with thousands ('1,234.5' → '1,234.50'). */
export function coinText(text: string): string {
  const [int = '0', frac = ''] = text.replace(/^-/, '').split('.');
  const kept = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${text.startsWith('-') ? '-' : ''}${withThousands(`${int}.${kept}`)}`;
}

export const pkrText = (v: string) => `${formatPKRAmount(v)} PKR`;
export const usdtText = (v: string) => `${coinText(v)} USDT`;

export function amountText(asset: string, v: string): string {
  return asset === 'PKR' ? pkrText(v) : `${coinText(v)} ${asset}`;
}

export function Summary({
  lines,
  testId,
}: {
  lines: { label: string; value: ReactNode; strong?: boolean }[];
  testId?: string;
}) {
  return (
    <dl className={s.summary} data-testid={testId}>
      {lines.map((l) => (
        <div key={l.label} style={{ display: 'contents' }}>
          <dt>{l.label}</dt>
          <dd className={cx(l.strong && s.strong)}>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({
  title,
  total,
  lines,
  testId,
}: {
  title: string;
  total: string;
  lines: [string, string][];
  testId: string;
}) {
  return (
    <section className={s.card} data-testid={testId}>
      <div className={s.cardHead}>
        <span>{title}</span>
        <Num>{total}</Num>
      </div>
      {lines.map(([label, value]) => (
        <div key={label} className={s.cardLine}>
          <span>{label}</span>
          <Num>{value}</Num>
        </div>
      ))}
    </section>
  );
}

/** The stock, spot and contract accounts with their available money (and what is held). */
export function AccountCards({ assets }: { assets: CoinAssets }) {
  const { t } = useTranslation();
  const usdt = assets.spot.assets.find((a) => a.asset === 'USDT');
  return (
    <div className={s.cards}>
      <Card
        title={t('exchange:accounts.stock')}
        total={pkrText(assets.stock.available)}
        lines={[[t('exchange:accounts.frozen'), pkrText(assets.stock.frozen)]]}
        testId="account-stock"
      />
      <Card
        title={t('exchange:accounts.spot')}
        total={usdtText(usdt?.available ?? '0')}
        lines={[
          [t('exchange:accounts.frozen'), usdtText(usdt?.frozen ?? '0')],
          [t('exchange:accounts.total'), usdtText(assets.spot.valueUsdt)],
        ]}
        testId="account-spot"
      />
      <Card
        title={t('exchange:accounts.contract')}
        total={usdtText(assets.contract.available)}
        lines={[
          [t('exchange:accounts.frozen'), usdtText(assets.contract.frozen)],
          [t('exchange:accounts.margin'), usdtText(assets.contract.margin)],
        ]}
        testId="account-contract"
      />
      <Summary
        testId="accounts-total"
        lines={[
          {
            label: t('exchange:accounts.total'),
            value: (
              <>
                <Num>{pkrText(assets.totalPkr)}</Num>
                <br />
                <Num>{usdtText(assets.totalUsdt)}</Num>
              </>
            ),
          },
          { label: t('exchange:accounts.index'), value: <Num>{assets.usdtPkr}</Num> },
        ]}
      />
    </div>
  );
}
