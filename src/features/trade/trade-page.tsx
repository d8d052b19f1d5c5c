// Trade (/pages/tabbar/trade and /pages/stock/order?symbol=&side=): pick a stock, buy or sell, market or limit,
// price by ticks within the daily band, quantity by lots with 25–100 % of the maximum, the server's fee and
// net preview, then the transaction password. Numbers on screen are the server's or the worker's.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OrderSide, OrderType } from '../../../workers/protocol/trade.ts';
import { useMarketAsOf, useOffline } from '../../market/connectivity.ts';
import { formatPKRAmount, withThousands } from '../../shared/format/numbers.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { storage } from '../../shared/storage/storage.ts';
import { AsOfNote } from '../../shared/ui/as-of-note.tsx';
import { IconChevron, IconReceipt } from '../../shared/ui/icons.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { OfflineReason } from '../../shared/ui/offline-reason.tsx';
import { NeedPasswordDialog } from '../../shared/ui/need-password-dialog.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { FeeBreakdown } from './fee-breakdown.tsx';
import {
  cleanPrice,
  cleanQty,
  parseTradeQuery,
  pctOfMax,
  stepPrice,
  stepQty,
  validateOrder,
  type OrderDraft,
} from './order-form.ts';
import { FormError } from '../../shared/forms/form-parts.tsx';
import { takeDraft } from './draft-memory.ts';
import { PasswordSheet } from '../../shared/ui/password-sheet.tsx';
import { FixedStepperField, StepperField } from './stepper-field.tsx';
import { SymbolPicker } from './symbol-picker.tsx';
import { holdingQuery, tradeStockInfoQuery } from './queries.ts';
import { useLivePrice } from './trade-live.ts';
import { ORDERS_TAB, usePlaceOrder } from './use-place-order.ts';
import { useOrderPreview } from './use-order-preview.ts';
import { cx } from '../../shared/ui/cx.ts';
import tone from '../../shared/ui/tone.module.css';
import s from './trade-page.module.css';

const PCTS = [25, 50, 75, 100] as const;

export default function TradePage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // Symbol and side live in the query (k-line Buy/Sell links, the picker); the rest belongs to that symbol.
  const { symbol, side } = parseTradeQuery(search);
  const account = useAtomValue(accountTypeAtom);
  const [form, setForm] = useState<Omit<OrderDraft, 'side'>>(
    () => takeDraft(symbol) ?? { symbol, type: 'market', price: '', qty: '' },
  );
  const fields = form.symbol === symbol ? form : { symbol, type: form.type, price: '', qty: '' };
  const draft: OrderDraft = { ...fields, side };
  const [touched, setTouched] = useState(false);
  const [picker, setPicker] = useState(false);
  const live = useLivePrice(symbol);
  const scope = useAccountScope();
  const { preview, pending } = useOrderPreview(draft);
  // The profile says whether a transaction password is set (the confirm flow asks).
  useQuery(profileQuery(scope));
  // Shares bought today are locked until T+1: a sell names them instead of a bare "available is 0".
  const held = useQuery(holdingQuery(scope, symbol, side === 'sell')).data;
  const info = useQuery(tradeStockInfoQuery(symbol)).data;
  const flow = usePlaceOrder(draft);
  // Offline nothing can be sent: the button says so instead of failing after the password (issue 14 §5).
  const offline = useOffline();
  const priceAsOf = useMarketAsOf();
  const offlineId = useId();
  // A market-wide halt: a market order cannot trade until the reopening, so its button says why (the server
  // refuses it too); a limit order may still be placed and waits in the book.
  const halted = live?.halted === true;
  const haltBlocks = halted && draft.type === 'market';
  const haltId = useId();
  const set = (patch: Partial<Omit<OrderDraft, 'side' | 'symbol'>>) => setForm({ ...fields, ...patch });

  // A limit price starts at the last price so the stepper has a sensible origin: seeded once per symbol, as
  // React's "adjust state when a prop changes" pattern (during render, no effect).
  const lastPrice = info?.symbol === symbol ? info.ticker.p : '';
  const [seeded, setSeeded] = useState('');
  if (lastPrice && seeded !== symbol) {
    setSeeded(symbol);
    setForm((f) =>
      f.symbol !== symbol
        ? { symbol, type: f.type, qty: '', price: lastPrice }
        : f.price
          ? f
          : { ...f, price: lastPrice },
    );
  }

  const error = validateOrder(draft, preview, held?.locked ?? '0');
  const lot = preview?.lotSize && preview.lotSize !== '0' ? preview.lotSize : '1';
  const buy = draft.side === 'buy';
  const pick = (next: string) => {
    setPicker(false);
    setSearch({ symbol: next, side }, { replace: true });
  };
  const setSide = (next: OrderSide) =>
    setSearch(symbol ? { symbol, side: next } : { side: next }, { replace: true });

  return (
    <div className="page" data-testid="trade-page">
      <PageHeader
        title={t('trade:title')}
        end={
          <Link
            className="icon-btn"
            to={routeTo('tabbar.position')}
            aria-label={t('trade:orders.title')}
            title={t('trade:orders.title')}
            onClick={() => storage.set('positionTab', ORDERS_TAB)}
            data-testid="to-orders"
          >
            <IconReceipt size={22} />
          </Link>
        }
      />
      <div className={`page__body ${s.body}`}>
        <button
          type="button"
          className={`card ${s.symbol}`}
          data-testid="symbol-picker"
          onClick={() => setPicker(true)}
        >
          <span className={s.main}>
            {draft.symbol ? (
              <>
                <Num className={s.sym}>{draft.symbol}</Num>
                <span className={s.name}>
                  {info?.symbol === symbol
                    ? i18n.language === 'ur-PK'
                      ? info.nameUr || info.nameEn
                      : info.nameEn
                    : ''}
                </span>
              </>
            ) : (
              <span className={s.sym}>{t('trade:picker.choose')}</span>
            )}
          </span>
          {live && (
            <span className={cx(s.px, tone[live.dir])} data-testid="live-price">
              <Num>{live.price}</Num>
              <Num className="small">{live.changePct}</Num>
            </span>
          )}
          <IconChevron size={18} className={s.chevron} />
        </button>
        {live && <AsOfNote asOf={priceAsOf} testId="price-as-of" />}

        <div className={s.meta}>
          <span className={`badge badge--${account}`} data-testid="account-badge">
            {t(account === 'real' ? 'trade:account.real' : 'trade:account.demo')}
          </span>
          <span className="muted small">
            {buy ? t('trade:form.cash') : t('trade:form.availableQty')}{' '}
            <Num>
              {preview ? (buy ? formatPKRAmount(preview.available) : withThousands(preview.available)) : '—'}
            </Num>
          </span>
        </div>

        <div className={s[draft.side]}>
          <Segmented<OrderSide>
            label={t('trade:form.side')}
            value={draft.side}
            testId="side-switch"
            options={[
              { value: 'buy', label: t('trade:side.buy') },
              { value: 'sell', label: t('trade:side.sell') },
            ]}
            onChange={setSide}
          />
        </div>
        <Segmented<OrderType>
          label={t('trade:form.type')}
          value={draft.type}
          testId="type-switch"
          options={[
            { value: 'market', label: t('trade:type.market') },
            { value: 'limit', label: t('trade:type.limit') },
          ]}
          onChange={(type) => set({ type })}
        />

        {draft.type === 'limit' ? (
          <StepperField
            label={t('trade:form.price')}
            value={draft.price}
            inputMode="decimal"
            testId="price"
            onValue={(v) => set({ price: cleanPrice(v) })}
            onStep={(dir) => set({ price: stepPrice(draft.price, '0.01', dir) })}
          />
        ) : (
          <FixedStepperField label={t('trade:form.price')} text={t('trade:form.marketPrice')} />
        )}
        {preview && preview.limitUp !== '0' && (
          <p className={`small ${s.band}`} data-testid="band">
            {t('trade:form.limitDown')}{' '}
            <span className={tone.down} data-testid="band-low">
              <Num>{formatPKRAmount(preview.limitDown)}</Num>
            </span>
            <span aria-hidden="true"> · </span>
            {t('trade:form.limitUp')} <Num className={tone.up}>{formatPKRAmount(preview.limitUp)}</Num>
          </p>
        )}

        <StepperField
          label={t('trade:form.qty', { lot })}
          value={draft.qty}
          inputMode="numeric"
          placeholder={t('trade:form.qtyPlaceholder')}
          testId="qty"
          onValue={(v) => set({ qty: cleanQty(v) })}
          onStep={(dir) => set({ qty: stepQty(draft.qty, lot, dir) })}
        />
        <div className={s.pcts} role="group" aria-label={t('trade:form.pctLabel')}>
          {PCTS.map((p) => (
            <button
              key={p}
              type="button"
              className={s.pct}
              disabled={!preview}
              data-testid={`pct-${p}`}
              onClick={() => preview && set({ qty: pctOfMax(preview.maxQty, lot, p) })}
            >
              <Num>{p}%</Num>
            </button>
          ))}
        </div>
        <p className="muted small">
          {buy ? t('trade:form.maxBuy') : t('trade:form.maxSell')}{' '}
          <Num>{preview ? withThousands(preview.maxQty) : '—'}</Num>
        </p>

        <FeeBreakdown preview={draft.qty ? preview : null} pending={pending} />

        {touched && error && <FormError>{t(error.key, error.values ?? {})}</FormError>}
        <div className={s.submitBar}>
          {offline && <OfflineReason id={offlineId} text={t('trade:offline.orders')} />}
          {halted && !offline && (
            <OfflineReason
              id={haltId}
              testId="halt-reason"
              text={t(haltBlocks ? 'trade:halt.market' : 'trade:halt.limit')}
            />
          )}
          <button
            type="button"
            className={`btn btn--block ${buy ? 'btn--up' : 'btn--down'} ${s.submit}`}
            data-testid="submit-order"
            disabled={offline || haltBlocks}
            aria-describedby={offline ? offlineId : halted ? haltId : undefined}
            onClick={() => {
              setTouched(true);
              if (!error) flow.start();
            }}
          >
            {buy ? t('trade:submit.buy') : t('trade:submit.sell')}
          </button>
        </div>
      </div>

      <SymbolPicker open={picker} onClose={() => setPicker(false)} onPick={pick} />
      {flow.sheetOpen && (
        <PasswordSheet
          open
          onClose={flow.closeSheet}
          onComplete={flow.submit}
          summary={
            <p className={s.summary}>
              {t(buy ? 'trade:side.buy' : 'trade:side.sell')} <Num>{draft.symbol}</Num> ·{' '}
              <Num>{withThousands(draft.qty || '0')}</Num> ·{' '}
              <Num>{preview ? formatPKRAmount(preview.net) : '—'}</Num>
            </p>
          }
        />
      )}
      <NeedPasswordDialog flow={flow} />
    </div>
  );
}
