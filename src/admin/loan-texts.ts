// The loans queue's texts (issue 18): its title, the labels of the fields the server sends, and the lookup's
// credit score and loans, in English and Urdu; merged into the console's texts by texts.ts.
export const LOAN_EN = {
  'nav.loans': 'Loans queue',
  'loan.score': 'Credit score now',
  'loan.days': 'Days',
  'loan.apr': 'APR',
  'loan.interest': 'Interest',
  'loan.total': 'Total to repay',
  'loan.dueAt': 'Due',
  'loan.repayTotal': 'Repayment frozen',
  'loan.lateDays': 'Days late',
  'lookup.creditScore': 'Credit score (app’s own)',
  'lookup.loans': 'Loans',
  'status.review': 'Under review',
  'status.active': 'In progress',
  'status.repaying': 'Repayment under review',
  'status.repaid': 'Repaid',
} as const;

export const LOAN_UR: Record<keyof typeof LOAN_EN, string> = {
  'nav.loans': 'قرضوں کی قطار',
  'loan.score': 'موجودہ کریڈٹ اسکور',
  'loan.days': 'دن',
  'loan.apr': 'سالانہ شرح (APR)',
  'loan.interest': 'سود',
  'loan.total': 'کل واپسی',
  'loan.dueAt': 'واجب الادا تاریخ',
  'loan.repayTotal': 'منجمد واپسی کی رقم',
  'loan.lateDays': 'تاخیر کے دن',
  'lookup.creditScore': 'کریڈٹ اسکور (ایپ کا اپنا)',
  'lookup.loans': 'قرض',
  'status.review': 'زیر جائزہ',
  'status.active': 'جاری',
  'status.repaying': 'واپسی زیر جائزہ',
  'status.repaid': 'واپس ہو گیا',
};
