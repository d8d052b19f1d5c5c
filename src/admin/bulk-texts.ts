// The block-trade console page's texts (bulk-page.tsx), spread into texts.ts.
export const BULK_EN = {
  'nav.bulk': 'Block trades',
  'bulk.new': 'New block',
  'bulk.symbol': 'Symbol',
  'bulk.shares': 'Block size (shares)',
  'bulk.lot': 'Lot (shares)',
  'bulk.discount': 'Discount against the last close, %',
  'bulk.price': 'or a fixed price, PKR',
  'bulk.hours': 'Window, hours from now',
  'bulk.lockDays': 'Lock period, days',
  'bulk.note': 'Note for buyers',
  'bulk.create': 'Create block',
  'bulk.close': 'Close now',
  'bulk.buyers': 'Buyers',
  'bulk.noBuyers': 'Nobody has bought yet.',
  'bulk.empty': 'No block yet.',
  'bulk.sold': 'sold',
  'bulk.rule':
    'The price is fixed at creation; only VIP members may buy; bought shares stay locked for the lock period.',
} as const;

export const BULK_UR: Record<keyof typeof BULK_EN, string> = {
  'nav.bulk': 'بلاک ٹریڈز',
  'bulk.new': 'نیا بلاک',
  'bulk.symbol': 'علامت',
  'bulk.shares': 'بلاک کا حجم (حصص)',
  'bulk.lot': 'لاٹ (حصص)',
  'bulk.discount': 'آخری بندش قیمت پر رعایت، ٪',
  'bulk.price': 'یا مقررہ قیمت، PKR',
  'bulk.hours': 'مدت، اب سے گھنٹے',
  'bulk.lockDays': 'لاک کی مدت، دن',
  'bulk.note': 'خریداروں کے لیے نوٹ',
  'bulk.create': 'بلاک بنائیں',
  'bulk.close': 'ابھی بند کریں',
  'bulk.buyers': 'خریدار',
  'bulk.noBuyers': 'ابھی تک کسی نے نہیں خریدا۔',
  'bulk.empty': 'ابھی کوئی بلاک نہیں۔',
  'bulk.sold': 'فروخت',
  'bulk.rule':
    'قیمت بناتے وقت طے ہو جاتی ہے؛ صرف VIP ممبران خرید سکتے ہیں؛ خریدے گئے حصص لاک کی مدت تک لاک رہتے ہیں۔',
};
