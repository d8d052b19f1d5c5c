// /pages/stockIPO/ipoOrder?id=: apply for an offering in lots. A stepper moves in whole lots between the
// offering's min and max; the amount to be frozen (price × shares, exact) stands against the account's
// available PKR, and more than it is refused here with the spec's sentence before the server would. Apply asks
// for the transaction password (the shared sheet); the server checks everything again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpoOffering } from '../../../contract/ipo.ts';
import { useAssetsView } from '../../market/account.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { costOf, paisa, pkr, PriceText, shares, when } from './ipo-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { useIpoApply } from './use-ipo-apply.ts';
import { OfferingPage } from './offering-page.tsx';
import s from './ipo.module.css';

/** The Assets view's available PKR ('12,345.67', display text) as paisa; null while unknown. */
function availablePaisa(text: string | undefined): bigint | null {
  if (!text) return null;
  return paisa(text.replace(/,/g, ''));
}

function OrderForm({ o }: { o: IpoOffering }) {
  const { t } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  const assets = useAssetsView();
  const [qty, setQty] = useState(o.minQty);
  const flow = useIpoApply(o.id, qty);
  const cost = costOf(o.price, qty);
  const available = availablePaisa(assets?.available);
  const short = available !== null && paisa(cost) > available;
  const open = o.state === 'subscribing';
  return (
    <>
      <section className={s.card} data-testid="ipo-order" data-symbol={o.symbol}>
        <span className={s.name}>
          <strong>{o.company}</strong>
          <Num className="muted small">{o.symbol}</Num>
        </span>
        <dl className={s.facts}>
          <dt>{t('ipo:field.price')}</dt>
          <dd>
            <PriceText o={o} />
          </dd>
          <dt>{t('ipo:field.lot')}</dt>
          <dd>
            <Num>{shares(o.lot)}</Num>
          </dd>
          <dt>{t('ipo:field.minMax')}</dt>
          <dd>
            <Num>{`${shares(o.minQty)} – ${shares(o.maxQty)}`}</Num>
          </dd>
          <dt>{t('ipo:field.closes')}</dt>
          <dd>
            <Num>{when(o.closesAt)}</Num>
          </dd>
        </dl>
      </section>
      <section className={s.section}>
        <span className="muted small" id="ipo-qty-label">
          {t('ipo:order.qty')}
        </span>
        <div className={s.stepper} role="group" aria-labelledby="ipo-qty-label">
          <button
            type="button"
            className={`btn ${s.stepBtn}`}
            aria-label={t('ipo:order.less')}
            disabled={qty - o.lot < o.minQty}
            onClick={() => setQty((q) => q - o.lot)}
            data-testid="ipo-less"
          >
            −
          </button>
          <span className={s.stepValue} aria-live="polite">
            <Num>
              <span data-testid="ipo-qty">{shares(qty)}</span>
            </Num>
            <span className="muted small">{t('ipo:order.lots', { count: qty / o.lot })}</span>
          </span>
          <button
            type="button"
            className={`btn ${s.stepBtn}`}
            aria-label={t('ipo:order.more')}
            disabled={qty + o.lot > o.maxQty}
            onClick={() => setQty((q) => q + o.lot)}
            data-testid="ipo-more"
          >
            +
          </button>
        </div>
        <dl className={s.facts}>
          <dt>{t('ipo:order.frozen')}</dt>
          <dd data-testid="ipo-cost">
            <Num>{pkr(cost)}</Num>
          </dd>
          <dt>
            {t('ipo:order.available')} ({t(`trade:account.${account}`)})
          </dt>
          <dd data-testid="ipo-available">
            <Num>{assets?.available ? `${assets.available} PKR` : '—'}</Num>
          </dd>
        </dl>
        {short && (
          <p className={s.notice} role="alert" data-testid="ipo-short">
            {t('ipo:order.insufficient', { amount: ltr(pkr(cost)) })}
          </p>
        )}
        <p className="muted small">{t('ipo:order.howMoney', { payBy: ltr(when(o.payBy)) })}</p>
        {!open && <p className={s.notice}>{t('ipo:order.notOpen')}</p>}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!open || short}
          onClick={flow.start}
          data-testid="ipo-apply"
        >
          {t('ipo:order.submit')}
        </button>
      </section>
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className="muted">
              <Num>{o.symbol}</Num> · <Num>{shares(qty)}</Num> · <Num>{pkr(cost)}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </>
  );
}

export default function IpoOrderPage() {
  const { t } = useTranslation();
  return <OfferingPage title={t('nav:title.stockIPO.ipoOrder')}>{(o) => <OrderForm o={o} />}</OfferingPage>;
}
