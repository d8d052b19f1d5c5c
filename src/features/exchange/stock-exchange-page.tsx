// /pages/exchange/stock: the stock account's side of the exchange, PKR → USDT into the spot account (the
// direction can be turned round on the form).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ExchangeForm } from './exchange-form.tsx';

export default function StockExchangePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.exchange.stock')} />
      <div className="page__body">
        <ExchangeForm initial="PKR_USDT" />
      </div>
    </div>
  );
}
