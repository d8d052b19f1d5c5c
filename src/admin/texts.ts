// The console's texts in Urdu (the default) and English. Small and apart from the app's i18next namespaces:
// the console is its own bundle and never loads the app's texts.
import { CONTENT_EN, CONTENT_UR } from './content-texts.ts';
import { MONEY_EN, MONEY_UR } from './money-texts.ts';
// ---- loans (issue 18)
import { LOAN_EN, LOAN_UR } from './loan-texts.ts';
import { INBOX_EN, INBOX_UR } from './inbox-texts.ts';
// ---- vip (issue 18)
import { VIP_EN, VIP_UR } from './vip-texts.ts';
// ---- votes (h-vote)
import { VOTE_EN, VOTE_UR } from './vote-texts.ts';
// ---- placements (issue 17 §4)
import { PLACEMENT_EN, PLACEMENT_UR } from './placement-texts.ts';
// ---- ipo (issue 17): the IPO offerings screen
import { IPO_EN, IPO_UR } from './ipo-texts.ts';
// ---- block trades (issue 17 §5)
import { BULK_EN, BULK_UR } from './bulk-texts.ts';
// ---- coin ICO (issue 17 §7)
import { ICO_EN, ICO_UR } from './ico-texts.ts';

export type Lang = 'ur-PK' | 'en-US';

const en = {
  'app.title': 'Operator console',
  'app.lang': 'اردو',
  'login.title': 'Operator sign-in',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.code': 'Authenticator code',
  'login.submit': 'Sign in',
  'nav.kyc': 'KYC queue',
  'nav.deposits': 'Deposit queue',
  'nav.withdrawals': 'Withdrawal queue',
  'nav.lookup': 'User lookup',
  'nav.settings': 'Settings',
  'nav.audit': 'Audit log',
  'nav.logout': 'Sign out',
  'queue.empty': 'Nothing in this queue.',
  'queue.more': 'Load more',
  'queue.open': 'Open',
  'queue.back': 'Back to the list',
  'queue.approve': 'Approve',
  'queue.reject': 'Reject',
  'queue.reference': 'Bank or transaction reference',
  'queue.reason': 'Reason (shown to the customer)',
  'queue.referenceOptional': 'Bank reference, or transaction hash (crypto: empty = broadcast now)',
  'queue.confirm': 'Confirm',
  'queue.cancel': 'Cancel',
  'queue.done': 'Saved.',
  'queue.status': 'Status',
  'status.pending': 'Pending',
  'status.succ': 'Approved',
  'status.fail': 'Rejected',
  'status.credited': 'Credited',
  'status.paid': 'Paid',
  'status.rejected': 'Rejected',
  'kyc.front': 'Front of the document',
  'kyc.back': 'Back of the document',
  'kyc.userId': 'User id',
  'kyc.certType': 'Document',
  'kyc.certNumber': 'Document number',
  'kyc.fullName': 'Full name',
  'kyc.birthDate': 'Date of birth',
  'kyc.reason': 'Reason',
  'lookup.query': 'User id or mobile number',
  'lookup.search': 'Search',
  'lookup.phone': 'Phone',
  'lookup.kyc': 'KYC status',
  'lookup.accounts': 'Accounts',
  'lookup.available': 'Available',
  'lookup.frozen': 'Frozen',
  'lookup.submissions': 'KYC submissions',
  'settings.save': 'Save',
  'settings.value': 'Value (JSON)',
  'audit.subjectType': 'Subject type',
  'audit.subjectId': 'Subject id',
  'audit.operatorId': 'Operator id',
  'audit.filter': 'Filter',
  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.error': 'Something went wrong.',
  ...MONEY_EN,
  ...LOAN_EN,
  ...CONTENT_EN,
  // support inbox (issue 19)
  ...INBOX_EN,
  // ---- vip (issue 18): the strategy service switch
  ...VIP_EN,
  // ---- votes (h-vote): shareholder resolutions
  ...VOTE_EN,
  // ---- placements (issue 17 §4)
  ...PLACEMENT_EN,
  // ---- ipo (issue 17): the IPO offerings screen
  ...IPO_EN,
  ...BULK_EN,
  // ---- coin ICO (issue 17 §7): token sales
  ...ICO_EN,
} as const;

export type TextKey = keyof typeof en;

const ur: Record<TextKey, string> = {
  'app.title': 'آپریٹر کنسول',
  'app.lang': 'English',
  'login.title': 'آپریٹر سائن اِن',
  'login.username': 'صارف نام',
  'login.password': 'پاس ورڈ',
  'login.code': 'تصدیقی ایپ کا کوڈ',
  'login.submit': 'سائن اِن',
  'nav.kyc': 'KYC قطار',
  'nav.deposits': 'جمع کی قطار',
  'nav.withdrawals': 'رقم نکلوانے کی قطار',
  'nav.lookup': 'صارف کی تلاش',
  'nav.settings': 'سیٹنگز',
  'nav.audit': 'آڈٹ لاگ',
  'nav.logout': 'سائن آؤٹ',
  'queue.empty': 'اس قطار میں کچھ نہیں۔',
  'queue.more': 'مزید دکھائیں',
  'queue.open': 'کھولیں',
  'queue.back': 'فہرست پر واپس',
  'queue.approve': 'منظور کریں',
  'queue.reject': 'مسترد کریں',
  'queue.reference': 'بینک یا لین دین کا حوالہ',
  'queue.reason': 'وجہ (صارف کو دکھائی جائے گی)',
  'queue.referenceOptional': 'بینک حوالہ، یا ٹرانزیکشن ہیش (کرپٹو: خالی = ابھی بھیجیں)',
  'queue.confirm': 'تصدیق کریں',
  'queue.cancel': 'منسوخ',
  'queue.done': 'محفوظ ہو گیا۔',
  'queue.status': 'حیثیت',
  'status.pending': 'زیرِ غور',
  'status.succ': 'منظور شدہ',
  'status.fail': 'مسترد',
  'status.credited': 'جمع ہو گئی',
  'status.paid': 'ادا شدہ',
  'status.rejected': 'مسترد',
  'kyc.front': 'دستاویز کا سامنے کا رخ',
  'kyc.back': 'دستاویز کا پچھلا رخ',
  'kyc.userId': 'صارف آئی ڈی',
  'kyc.certType': 'دستاویز',
  'kyc.certNumber': 'دستاویز نمبر',
  'kyc.fullName': 'پورا نام',
  'kyc.birthDate': 'تاریخِ پیدائش',
  'kyc.reason': 'وجہ',
  'lookup.query': 'صارف آئی ڈی یا موبائل نمبر',
  'lookup.search': 'تلاش کریں',
  'lookup.phone': 'فون',
  'lookup.kyc': 'KYC کی حیثیت',
  'lookup.accounts': 'اکاؤنٹس',
  'lookup.available': 'دستیاب',
  'lookup.frozen': 'منجمد',
  'lookup.submissions': 'KYC درخواستیں',
  'settings.save': 'محفوظ کریں',
  'settings.value': 'قدر (JSON)',
  'audit.subjectType': 'موضوع کی قسم',
  'audit.subjectId': 'موضوع کی آئی ڈی',
  'audit.operatorId': 'آپریٹر آئی ڈی',
  'audit.filter': 'فلٹر',
  'common.loading': 'لوڈ ہو رہا ہے…',
  'common.retry': 'دوبارہ کوشش کریں',
  'common.error': 'کچھ غلط ہو گیا۔',
  ...MONEY_UR,
  ...LOAN_UR,
  ...CONTENT_UR,
  // support inbox (issue 19)
  ...INBOX_UR,
  // ---- vip (issue 18): the strategy service switch
  ...VIP_UR,
  // ---- votes (h-vote): shareholder resolutions
  ...VOTE_UR,
  // ---- placements (issue 17 §4)
  ...PLACEMENT_UR,
  // ---- ipo (issue 17): the IPO offerings screen
  ...IPO_UR,
  ...BULK_UR,
  // ---- coin ICO (issue 17 §7): token sales
  ...ICO_UR,
};

export const TEXTS: Record<Lang, Record<TextKey, string>> = { 'en-US': en, 'ur-PK': ur };

/** The text of `key` in `lang`; a key the console does not know (from a server label) is shown as it is. */
export function text(lang: Lang, key: string): string {
  return (TEXTS[lang] as Record<string, string>)[key] ?? key;
}
