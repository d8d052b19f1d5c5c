// Lists of the trading contract that the app also needs at run time. This module imports nothing (no typebox),
// so the app can read it without a schema library in its bundle; contract/trade.ts builds its enums from it.

/** Kinds of money movement in user/tx/record (funds detail), in the order the filter shows them. */
export const TX_TYPES = [
  'deposit',
  'withdraw',
  'demo_grant',
  'buy',
  'sell',
  'fee',
  'freeze',
  'unfreeze',
  // exchange and transfers between a user's accounts (issue 16)
  'exchange',
  'transfer',
  // ---- withdrawals (issue 15): the request (amount + fee frozen) and its return on rejection; the payment
  // itself shows as 'withdraw' (and its fee as 'fee'), out of the frozen funds
  'withdraw_freeze',
  'withdraw_return',
  // ---- loans (issue 18): a loan disbursed to the stock account; its repayment taken from it
  'loan',
  'loan_repay',
] as const;
