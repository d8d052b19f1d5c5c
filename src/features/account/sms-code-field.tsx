// The SMS code with its "Send code" button (common/code/send). The button checks the phone with the call's own
// schema first (contract/common.ts CodeSendBody) and shows a problem under the phone field instead of sending;
// a refusal from the server that names the phone lands there too. After a send it counts down the server's
// `resendInSec` before it can send again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldPathByValue, UseFormReturn } from 'react-hook-form';
import { CodeSendBody } from '../../../contract/common.ts';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';
import { BusinessError, NetworkError } from '../../shared/api/api-errors.ts';
import { reportApiError } from '../../shared/api/report-api-error.ts';
import { formIssues } from '../../shared/forms/contract-resolver.ts';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { issueMessage } from '../../shared/forms/issue-text.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { postCodeSend } from './account-api.ts';
import s from './sms-code-field.module.css';

/** The fields of a form that proves a phone by SMS. */
export interface PhoneCodeValues {
  phone: string;
  code: string;
}

/** A countdown in whole seconds, ticking once a second: `left` is 0 when over; `start(n)` starts one of n s. */
function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const start = (seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  };
  return { left: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

const sixDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

interface SmsCodeFieldProps<T extends PhoneCodeValues> {
  form: UseFormReturn<T>;
  type: CodeSendBody['type'];
  areaCode: string;
}

export function SmsCodeField<T extends PhoneCodeValues>({ form, type, areaCode }: SmsCodeFieldProps<T>) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const { left, start } = useCountdown();
  const phoneName = 'phone' as FieldPath<T>;

  const send = async () => {
    const phone = String(form.getValues(phoneName));
    const issue = formIssues(CodeSendBody, { areaCode, phone, type }).get('phone');
    if (issue) {
      form.setError(phoneName, { type: issue.key, message: issueMessage(issue) }, { shouldFocus: true });
      return;
    }
    form.clearErrors(phoneName);
    setSending(true);
    try {
      const sent = await postCodeSend({ areaCode, phone: normalizePkMobile(phone) ?? phone, type });
      start(sent.resendInSec);
      // The answer does not say whether the number has an account, and neither may this message.
      showToast(t(type === 'register' ? 'account:sms.sentRegister' : 'account:sms.sentReset'));
    } catch (error) {
      if (error instanceof BusinessError && error.field === 'phone' && error.msg) {
        form.setError(phoneName, { type: 'server', message: error.msg }, { shouldFocus: true });
      } else if (error instanceof NetworkError) {
        if (error.kind !== 'aborted') showToast(t('common:networkError'), { icon: 'error' });
      } else {
        reportApiError(error);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <TextField
      control={form.control}
      name={'code' as FieldPathByValue<T, string>}
      label={t('account:fields.smsCode')}
      placeholder={t('account:fields.smsCodePlaceholder')}
      clean={sixDigits}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      ltr
      suffix={
        <button
          type="button"
          className={`btn btn--small ${s.send}`}
          disabled={sending || left > 0}
          onClick={() => void send()}
          data-testid="sms-send"
        >
          {left > 0 ? t('account:sms.resendIn', { seconds: left }) : t('account:sms.send')}
        </button>
      }
    />
  );
}
