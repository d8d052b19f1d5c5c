// Block trades (issue 17 §5). The spec names the screens (/pages/stockBulk/bulkList, bulkDetail, bulkOrder) and
// one call, stock/order/trade/list (the user's block orders); it has no call for the blocks on offer. Decided
// here, and listed as additions in server/README.md:
//   GET  stock/bulk/list          blocks on offer now (and those opening later), any signed-in user may look
//   GET  stock/bulk/info?id=      one block
//   POST stock/order/bulk/buy     buy the whole block or lots within it (VIP members only)
//   GET  stock/order/trade/list   the caller's block orders, newest first
//   GET  stock/hold/locks?symbol= the caller's locked shares of a stock and until when (Positions shows them)
//
// Decisions, written once here:
// - A block is a quantity of a listed stock an operator offers off the order book (PSX: the Negotiated Deal
//   Market). Its price is fixed when the operator creates it: either a discount against the stock's last close
//   at that moment (`discountPct`, `refClose`) or a fixed price (then `discountPct` is what that price is below
//   the same close). It never moves with the market afterwards.
// - The overflow price (spec §4 "discount price, overflow price") is how far the stock's last price stands
//   above the block price now, per share: overflow = last − block price (PKR, negative when the market has
//   fallen below the block price), and overflowPct = overflow ÷ last × 100. It is what a buyer would pay over
//   the block price for the same shares on the market right now; it changes with the market.
// - Who may buy: members whose VIP trial or paid membership is running (spec §6: VIP gates block trades). Any
//   signed-in user may see the blocks and these rules; others are refused with the VIP texts.
// - A buy is a whole number of lots (the whole block is the last lot × n), never more than what is left, in the
//   block's window (opensAt ≤ now < closesAt). KYC on the real account; the transaction password; demo buys
//   with demo money. Money: price × qty plus the ordinary trading fees (fees.ts) from the account's cash.
// - The bought shares are locked for the block's lock period: until the start (00:00 Pakistan time) of the first
//   PSX trading day on or after the buy's day + lockDays. They show as locked on Positions until then.
//
// Amounts are decimal strings (PKR, 2 places), share counts integers, times epoch ms.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const BLOCK_STATES = ['upcoming', 'open', 'sold_out', 'closed'] as const;
export const BlockState = Type.Enum(BLOCK_STATES, { type: 'string' });
export type BlockState = Static<typeof BlockState>;

export const BulkBlock = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  nameEn: Type.String(),
  nameUr: Type.String(),
  state: BlockState,
  priceMode: Type.Enum(['discount', 'fixed'] as const, { type: 'string' }),
  refClose: Decimal('the last close when the block was created, PKR'),
  price: Decimal('the block price: what a buyer pays per share, PKR'),
  discountPct: Decimal('(refClose − price) ÷ refClose × 100, 2 decimals'),
  lastPrice: Decimal("the stock's last price now, PKR ('0.00' while unpriced)"),
  overflow: Decimal(
    'the overflow price: last − price per share, PKR (negative: the market is below the block)',
  ),
  overflowPct: Decimal('overflow ÷ last × 100, 2 decimals'),
  shares: Type.Integer({ minimum: 1, description: 'the whole block' }),
  lot: Type.Integer({ minimum: 1, description: 'buys are whole multiples of it' }),
  sold: Type.Integer({ minimum: 0 }),
  remaining: Type.Integer({ minimum: 0 }),
  opensAt: EpochMs(),
  closesAt: EpochMs(),
  lockDays: Type.Integer({ minimum: 1, description: 'the bought shares stay locked this many days' }),
  unlockAtIfBoughtNow: EpochMs('when shares bought now would unlock'),
  vipOnly: Type.Boolean({ description: 'always true: VIP members (trial or paid) may buy' }),
  note: Type.String({ description: "the operator's note on the block ('' when none)" }),
});
export type BulkBlock = Static<typeof BulkBlock>;
export const BulkBlockReply = envelope(BulkBlock, 'The block');
export const BulkBlockListReply = envelope(Type.Array(BulkBlock), 'Blocks, open ones first, closing soonest');

export const BulkOrder = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  blockId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  qty: Type.Integer({ minimum: 1, description: 'allocated quantity: the shares bought' }),
  price: Decimal('the block price paid per share'),
  amount: Decimal('price × qty'),
  fee: Decimal('the trading fees of the buy'),
  total: Decimal('amount + fee: what left the cash'),
  refClose: Decimal("the block's reference close"),
  discountPct: Decimal(),
  lockDays: Type.Integer({ minimum: 1 }),
  unlockAt: EpochMs('the shares are locked until then'),
  locked: Type.Boolean({ description: 'still locked now' }),
  orderId: Type.Integer({ minimum: 1, description: 'the stock order that carries the buy' }),
  createdAt: EpochMs(),
});
export type BulkOrder = Static<typeof BulkOrder>;
export const BulkOrderReply = envelope(BulkOrder, 'The block order');
export const BulkOrderPageReply = envelope(Page(BulkOrder));

// ---- GET stock/bulk/list ----
export const BulkListQuery = fields({ state: opt(oneOf(['open', 'upcoming', 'ended'], 4, 8)) });
export type BulkListQuery = Static<typeof BulkListQuery>;

// ---- GET stock/bulk/info ----
export const BulkInfoQuery = fields({ id: idString });

// ---- POST stock/order/bulk/buy ----
export const BulkBuyBody = fields({
  blockId: idString,
  qty: text(1, 9, { pattern: '^[1-9][0-9]{0,8}$', description: 'shares: a multiple of the lot' }),
  clientId: text(8, 64, {
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-generated id (made when the form opens); a retry with it has one effect.',
  }),
  tradePassword: sixDigits,
});
export type BulkBuyBody = Static<typeof BulkBuyBody>;

// ---- GET stock/order/trade/list (newest first) ----
export const BulkOrderListQuery = fields({
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type BulkOrderListQuery = Static<typeof BulkOrderListQuery>;

// ---- GET stock/hold/locks?symbol= (an addition): the caller's shares of one stock still locked, and until when
// (T+1 locks of ordinary buys and the block trades' own), soonest first; Positions shows them.
export const HoldLocksQuery = fields({ symbol: text(1, 16, { pattern: '^[A-Z0-9.]{1,16}$' }) });
export const ShareLock = Type.Object({
  qty: Type.Integer({ minimum: 1 }),
  unlockAt: EpochMs('the shares become sellable then'),
  kind: Type.Enum(['t1', 'block'] as const, {
    type: 'string',
    description: 'a T+1 lock or a block trade lock',
  }),
});
export type ShareLock = Static<typeof ShareLock>;
export const HoldLocksReply = envelope(Type.Array(ShareLock), 'Locks still held, soonest unlock first');

// ---- Console (/admin/api/bulk/…, finance or admin): create a block, close it, see its buyers ----
export const BulkCreateBody = fields({
  symbol: text(1, 10, { description: 'a listed ticker' }),
  shares: text(1, 9, { pattern: '^[1-9][0-9]{0,8}$', description: 'the whole block' }),
  lot: text(1, 9, { pattern: '^[1-9][0-9]{0,8}$', description: 'the block is a whole number of lots' }),
  discountPct: opt(text(0, 6, { description: 'discount against the last close, % (e.g. 7.5); or price' })),
  price: opt(text(0, 16, { description: 'a fixed price, PKR (instead of a discount)' })),
  opensAt: opt(text(0, 16, { pattern: '^[0-9]{0,16}$', description: "epoch ms ('' : now)" })),
  hours: text(1, 4, { pattern: '^[1-9][0-9]{0,3}$', description: 'the window, hours from opensAt' }),
  lockDays: text(1, 3, { pattern: '^[1-9][0-9]{0,2}$', description: 'lock period, days (1–365)' }),
  note: opt(text(0, 200)),
});
export type BulkCreateBody = Static<typeof BulkCreateBody>;
export const BulkIdBody = fields({ id: idString });

export const BulkBuyer = Type.Object({
  orderId: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
  accountType: Type.String(),
  qty: Type.Integer({ minimum: 1 }),
  amount: Decimal(),
  unlockAt: EpochMs(),
  createdAt: EpochMs(),
});
export type BulkBuyer = Static<typeof BulkBuyer>;
export const BulkConsoleBlock = Type.Object({ block: BulkBlock, buyers: Type.Array(BulkBuyer) });
export type BulkConsoleBlock = Static<typeof BulkConsoleBlock>;
export const BulkConsoleBlockReply = envelope(BulkConsoleBlock);
export const BulkConsoleListReply = envelope(Type.Array(BulkBlock), 'Every block, newest first');
