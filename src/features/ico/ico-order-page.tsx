// /pages/coinICO/icoOrder?id=: commit USDT to a token sale. The amount is typed on the decimal keypad (6
// decimals at most); the page shows the minimum and the per-user cap, the spot account's available USDT, what
// will be frozen now and the most tokens it can buy, and what happens to the money, before the transaction
// password (the shared sheet). Out-of-range amounts and more than is available are refused here with the
// reason; the server checks everything again.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IcoSale } from '../../../contract/ico.ts';
import { formatMinor, parseMinor, pow10 } from '../../../contract/money.ts';
import { cleanAmountInput } from '../../shared/forms/fields/amount-input.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { Facts } from './ico-detail-page.tsx';
import { amount as grouped, saleName, usdt } from './ico-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { usdtQuery } from './queries.ts';
import { SalePage } from './sale-page.tsx';
import { useIcoCommit } from './use-ico-commit.ts';
import s from './ico.module.css';

const U = 6;

function OrderForm({ o }: { o: IcoSale }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(o.minCommit.replace(/\.?0+$/, ''));
  const balances = useQuery(usdtQuery(useAccountScope()));
  const flow = useIcoCommit(o.id, text);
  const micro = parseMinor(text, U);
  const min = parseMinor(o.minCommit, U) ?? 0n;
  const cap = parseMinor(o.maxCommit, U) ?? 0n;
  const price = parseMinor(o.price, U) ?? 1n;
  const available = balances.data ? parseMinor(balances.data.quoteAvailable, U) : null;
  const problem =
    micro === null || micro <= 0n
      ? t('errors:ico.badAmount')
      : micro < min
        ? t('errors:ico.belowMin', { min: ltr(usdt(o.minCommit)) })
        : micro > cap
          ? t('errors:ico.aboveCap', { cap: ltr(usdt(o.maxCommit)) })
          : available !== null && micro > available
            ? t('ico:order.insufficient', { amount: ltr(grouped(text)) })
            : null;
  const want = micro !== null && micro > 0n ? (micro * pow10(o.tokenDecimals)) / price : 0n;
  const open = o.state === 'subscribing';
  return (
    <>
      <section className={s.card} data-testid="ico-order" data-token={o.token}>
        <span className={s.name}>
          <strong>{saleName(o, i18n.language)}</strong>
          <Num className="muted small">{o.token}</Num>
        </span>
        <Facts
          rows={[
            [t('ico:field.price'), <Num key="p">{usdt(o.price)}</Num>],
            [t('ico:field.min'), <Num key="m">{usdt(o.minCommit)}</Num>],
            [t('ico:field.cap'), <Num key="c">{usdt(o.maxCommit)}</Num>],
          ]}
        />
      </section>
      <section className={s.section}>
        <label className={s.label}>
          <span className="muted small">{t('ico:order.amount')}</span>
          <input
            className={s.input}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              const next = cleanAmountInput(e.target.value, U);
              if (next !== null) setText(next);
            }}
            aria-describedby="ico-limits"
            data-testid="ico-amount"
          />
          <span className="muted small" id="ico-limits">
            {t('ico:order.limits', { min: ltr(grouped(o.minCommit)), cap: ltr(grouped(o.maxCommit)) })}
          </span>
        </label>
        <Facts
          rows={[
            [
              t('ico:order.frozen'),
              <span key="f" data-testid="ico-order-frozen">
                <Num>{micro && micro > 0n ? usdt(formatMinor(micro, U)) : '—'}</Num>
              </span>,
            ],
            [
              t('ico:order.want'),
              <span key="w" data-testid="ico-order-want">
                <Num>{`${grouped(formatMinor(want, o.tokenDecimals))} ${o.token}`}</Num>
              </span>,
            ],
            [
              t('ico:order.available'),
              <Num key="a">{balances.data ? usdt(balances.data.quoteAvailable) : '—'}</Num>,
            ],
          ]}
        />
        {problem && text !== '' && (
          <p className={s.notice} role="alert" data-testid="ico-problem">
            {problem}
          </p>
        )}
        <p className={`muted small ${s.prose}`}>{t('ico:order.howMoney')}</p>
        <p className={`muted small ${s.prose}`}>{o.ruleText}</p>
        {!open && <p className={s.notice}>{t('ico:order.notOpen')}</p>}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!open || problem !== null}
          onClick={flow.start}
          data-testid="ico-submit"
        >
          {t('ico:order.submit')}
        </button>
      </section>
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className="muted">
              <Num>{o.token}</Num> · <Num>{usdt(text || '0')}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </>
  );
}

export default function IcoOrderPage() {
  const { t } = useTranslation();
  return <SalePage title={t('nav:title.coinICO.icoOrder')}>{(o) => <OrderForm o={o} />}</SalePage>;
}
