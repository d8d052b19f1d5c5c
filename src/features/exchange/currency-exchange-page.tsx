// /pages/exchange/exchange (a decision: the spec names it and says nothing more): the same PKR ↔ USDT
// exchange started from the crypto side, USDT in the spot account → PKR in the stock account.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ExchangeForm } from './exchange-form.tsx';

export default function CurrencyExchangePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.exchange.exchange')} />
      <div className="page__body">
        <ExchangeForm initial="USDT_PKR" />
      </div>
    </div>
  );
}
