// The alert sheet of a symbol, opened on /pages/user/alerts?symbol=… by the bell of the symbol's page: when
// (rises to / falls to a price, or moves ±N % since the previous close), the value, repeat or not; sent as
// user/alert/add (the server's refusals show at their field). On a device not asked yet, notifications are
// explained before the browser's own prompt (alert-permission.tsx) and chosen before the alert is set, so
// its first firing reaches the device; closing the explanation counts as "Not now". Declined or not,
// fired alerts are in the messages.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertAddBody, type AlertKind } from '../../../contract/alerts.ts';
import { CheckField } from '../../shared/forms/fields/check-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { pushState } from '../../shared/pwa/push-subscribe.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useTicker } from '../../market/hooks.ts';
import { AlertPermission } from './alert-permission.tsx';
import { alertsKey, alertsQuery, postAlert } from './queries.ts';

function AlertForm({
  symbol,
  onSaved,
  askPermission,
}: {
  symbol: string;
  onSaved: () => void;
  askPermission: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scope = useAccountScope();
  const tk = useTicker(symbol);
  // the server's cooldown of repeating alerts (alerts.repeatCooldownMinutes), shown beside "repeat"
  const cooldown = useQuery(alertsQuery(scope)).data?.repeatCooldownMinutes ?? 0;
  const [kind, setKind] = useState<AlertKind>('above');
  const { form, state } = useContractForm({
    schema: AlertAddBody,
    defaultValues: { symbol, kind: 'above', value: '', repeat: '0' },
    submit: async (body) => {
      // The first alert on a device not asked yet: notifications explained and chosen before the alert
      // exists, so its first firing already reaches this device.
      if (pushState() === 'default') await askPermission();
      await postAlert({ ...body, symbol, kind });
      await client.invalidateQueries({ queryKey: alertsKey(scope) });
      showToast(t('alerts:sheet.saved'), { icon: 'success' });
      onSaved();
    },
  });
  return (
    <FormView {...state} submitLabel={t('alerts:sheet.submit')} testId="alert-form">
      {tk && (
        <p data-testid="alert-now">
          {t('alerts:sheet.now', { price: '' })}
          <Num>{tk.price}</Num>
        </p>
      )}
      <Segmented
        label={t('alerts:sheet.kind')}
        value={kind}
        onChange={(k) => {
          setKind(k);
          form.setValue('kind', k);
        }}
        options={[
          { value: 'above', label: t('alerts:sheet.above') },
          { value: 'below', label: t('alerts:sheet.below') },
          { value: 'change', label: t('alerts:sheet.change') },
        ]}
        testId="alert-kind"
      />
      <TextField
        control={form.control}
        name="value"
        label={kind === 'change' ? t('alerts:sheet.percent') : t('alerts:sheet.price')}
        hint={kind === 'change' ? t('alerts:sheet.percentHint') : undefined}
        inputMode="decimal"
        maxLength={18}
        ltr
      />
      <CheckField control={form.control} name="repeat">
        {cooldown ? t('alerts:sheet.repeatCooldown', { minutes: cooldown }) : t('alerts:sheet.repeat')}
      </CheckField>
    </FormView>
  );
}

export function AlertSheet({
  symbol,
  open,
  onClose,
}: {
  symbol: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // While set: the permission step shows (the form stays mounted, hidden, its submit waiting on the choice).
  const [chosen, setChosen] = useState<(() => void) | null>(null);
  const askPermission = () =>
    new Promise<void>((resolve) => {
      setChosen(() => () => {
        setChosen(null);
        resolve();
      });
    });
  const close = () => {
    chosen?.();
    onClose();
  };
  return (
    <BottomSheet
      open={open}
      title={chosen ? t('alerts:permission.title') : t('alerts:sheet.title', { symbol })}
      onClose={close}
      testId="alert-sheet"
    >
      <div hidden={chosen !== null}>
        <AlertForm symbol={symbol} onSaved={onClose} askPermission={askPermission} />
      </div>
      {chosen && <AlertPermission onDone={chosen} />}
    </BottomSheet>
  );
}
