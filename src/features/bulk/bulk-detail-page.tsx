// /pages/stockBulk/bulkDetail?id=: one block, every rule that decides the money shown before the user commits
// (block price, discount against the last close, the overflow price against the market now, lot, what is left,
// window, lock period and the unlock date a buy now would get, who may buy), and the buy form: a stepper in
// whole lots up to what is left, the amount against the available PKR, then the transaction password. The
// server checks everything again (VIP, KYC, the lots still left).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BulkBlock } from '../../../contract/bulk.ts';
import { useAssetsView } from '../../market/account.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { BlockChip, costOf, day, paisa, pkr, PriceFacts, shares, when } from './bulk-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { blockQuery } from './queries.ts';
import { useBulkBuy } from './use-bulk-buy.ts';
import s from './bulk.module.css';

function Facts({ b }: { b: BulkBlock }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={s.card} data-testid="bulk-detail" data-symbol={b.symbol}>
      <span className={s.cardHead}>
        <span className={s.name}>
          <strong>{i18n.language === 'ur-PK' ? b.nameUr : b.nameEn}</strong>
          <Num className="muted small">{b.symbol}</Num>
        </span>
        <BlockChip state={b.state} />
      </span>
      <dl className={s.facts}>
        <PriceFacts b={b} />
        <dt>{t('bulk:field.shares')}</dt>
        <dd>
          <Num>{shares(b.shares)}</Num>
        </dd>
        <dt>{t('bulk:field.lot')}</dt>
        <dd>
          <Num>{shares(b.lot)}</Num>
        </dd>
        <dt>{t('bulk:field.remaining')}</dt>
        <dd data-testid="bulk-remaining">
          <Num>{shares(b.remaining)}</Num>
        </dd>
        <dt>{t('bulk:field.opens')}</dt>
        <dd>
          <Num>{when(b.opensAt)}</Num>
        </dd>
        <dt>{t('bulk:field.closes')}</dt>
        <dd>
          <Num>{when(b.closesAt)}</Num>
        </dd>
        <dt>{t('bulk:field.lock')}</dt>
        <dd>{t('bulk:field.lockDays', { count: b.lockDays })}</dd>
        <dt>{t('bulk:field.unlockIfNow')}</dt>
        <dd data-testid="bulk-unlock">
          <Num>{day(b.unlockAtIfBoughtNow)}</Num>
        </dd>
        <dt>{t('bulk:field.who')}</dt>
        <dd>{t('bulk:field.whoText')}</dd>
        {b.note && (
          <>
            <dt>{t('bulk:field.note')}</dt>
            <dd>{b.note}</dd>
          </>
        )}
      </dl>
      <ul className={`small ${s.rules}`}>
        <li>{t('bulk:rule.discount')}</li>
        <li>{t('bulk:rule.overflow')}</li>
        <li>{t('bulk:rule.lots', { lot: ltr(shares(b.lot)) })}</li>
        <li>{t('bulk:rule.money')}</li>
        <li>{t('bulk:rule.lock', { date: ltr(day(b.unlockAtIfBoughtNow)) })}</li>
      </ul>
    </section>
  );
}

function BuyForm({ b }: { b: BulkBlock }) {
  const { t } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  const assets = useAssetsView();
  const [qty, setQty] = useState(Math.min(b.lot, b.remaining));
  const flow = useBulkBuy(b.id, qty);
  const cost = costOf(b.price, qty);
  const availableText = assets?.available?.replace(/,/g, '');
  const short = availableText !== undefined && paisa(cost) > paisa(availableText);
  const open = b.state === 'open' && qty > 0;
  return (
    <section className={s.section}>
      <span className="muted small" id="bulk-qty-label">
        {t('bulk:buy.qty')}
      </span>
      <div className={s.stepper} role="group" aria-labelledby="bulk-qty-label">
        <button
          type="button"
          className={`btn ${s.stepBtn}`}
          aria-label={t('bulk:buy.less')}
          disabled={qty - b.lot < b.lot}
          onClick={() => setQty((q) => q - b.lot)}
          data-testid="bulk-less"
        >
          −
        </button>
        <span className={s.stepValue} aria-live="polite">
          <Num>
            <span data-testid="bulk-qty">{shares(qty)}</span>
          </Num>
          <span className="muted small">{t('bulk:buy.lots', { count: qty / b.lot })}</span>
        </span>
        <button
          type="button"
          className={`btn ${s.stepBtn}`}
          aria-label={t('bulk:buy.more')}
          disabled={qty + b.lot > b.remaining}
          onClick={() => setQty((q) => q + b.lot)}
          data-testid="bulk-more"
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={b.remaining === 0 || qty === b.remaining}
        onClick={() => setQty(b.remaining)}
        data-testid="bulk-whole"
      >
        {t('bulk:buy.whole')}
      </button>
      <dl className={s.facts}>
        <dt>{t('bulk:buy.cost')}</dt>
        <dd data-testid="bulk-cost">
          <Num>{pkr(cost)}</Num>
        </dd>
        <dt>
          {t('bulk:buy.available')} ({t(`trade:account.${account}`)})
        </dt>
        <dd data-testid="bulk-available">
          <Num>{assets?.available ? `${assets.available} PKR` : '—'}</Num>
        </dd>
      </dl>
      {short && (
        <p className={s.notice} role="alert" data-testid="bulk-short">
          {t('bulk:buy.insufficient', { amount: ltr(pkr(cost)) })}
        </p>
      )}
      {!open && <p className={s.notice}>{t('bulk:buy.notOpen')}</p>}
      <p className="muted small">
        {t('bulk:buy.vipOnly')}{' '}
        <Link to={routeTo('stock.vip')} className="link-btn" data-testid="bulk-to-vip">
          {t('bulk:buy.becomeVip')}
        </Link>
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!open || short}
        onClick={flow.start}
        data-testid="bulk-buy"
      >
        {t('bulk:buy.submit')}
      </button>
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className="muted">
              <Num>{b.symbol}</Num> · <Num>{shares(qty)}</Num> · <Num>{pkr(cost)}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </section>
  );
}

export default function BulkDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ ...blockQuery(useAccountScope(), id), enabled: /^[1-9][0-9]*$/.test(id) });
  return (
    <div className="page">
      <PageHeader title={t('nav:title.stockBulk.bulkDetail')} />
      <div className="page__body">
        <RemoteView
          state={toRemoteState(q)}
          onRetry={() => void q.refetch()}
          idle={<p className={s.notice}>{t('bulk:noId')}</p>}
        >
          {(b) => (
            <>
              <Facts b={b} />
              <BuyForm key={b.id} b={b} />
            </>
          )}
        </RemoteView>
      </div>
    </div>
  );
}
