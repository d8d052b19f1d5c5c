// The SMS-code input with its "Send code" button (common/code/send). After a send the button counts down the
// server's `resendInSec` before it can send again; a phone that fails the local check is reported to the
// form (shown under the phone field) instead of being sent.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OK, type CodeSendBody } from '../../../workers/protocol/api.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { postCodeSend } from './account-api.ts';
import { PhoneField } from './auth-screen.tsx';
import { normalizePkMobile, phoneError } from './validation.ts';

interface SmsCodeFieldProps {
  type: CodeSendBody['type'];
  areaCode: string;
  /** the phone as typed in the form's phone field */
  phone: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  /** an i18n key when the phone cannot be sent to, null once it was sent */
  onPhoneProblem: (key: string | null) => void;
}

/** Seconds left until `until` (a Date.now() time), ticking once a second; 0 when passed. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function SmsCodeField(props: SmsCodeFieldProps) {
  const { type, areaCode, phone, value, onValue, error, onPhoneProblem } = props;
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [until, setUntil] = useState(0);
  const left = useSecondsLeft(until);

  const send = async () => {
    const problem = phoneError(phone);
    onPhoneProblem(problem);
    if (problem) return;
    setSending(true);
    try {
      const res = await postCodeSend({ areaCode, phone: normalizePkMobile(phone) ?? phone, type });
      if (res?.code === CODE_OK) {
        setUntil(Date.now() + res.data.resendInSec * 1000);
        // The answer does not say whether the number has an account, and neither may this message.
        showToast(t(type === 'register' ? 'account:sms.sentRegister' : 'account:sms.sentReset'));
      }
    } catch {
      showToast(t('common:networkError'), { icon: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <TextField
      label={t('account:fields.smsCode')}
      value={value}
      onValue={(v) => onValue(v.replace(/\D/g, '').slice(0, 6))}
      error={error}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      ltr
      placeholder={t('account:fields.smsCodePlaceholder')}
      name="code"
      suffix={
        <button
          type="button"
          className="btn btn--small sms-send"
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

interface PhoneAndCodeProps {
  type: CodeSendBody['type'];
  areaCode: string;
  phone: string;
  code: string;
  onPhone: (v: string) => void;
  onCode: (v: string) => void;
  errors: { phone?: string | undefined; code?: string | undefined };
}

/**
 * The +92 phone field and the SMS-code field below it, as registration and the password reset both ask for
 * them: a phone the send button refuses shows its problem under the phone field until it is edited.
 */
export function PhoneAndCodeFields(props: PhoneAndCodeProps) {
  const { type, areaCode, phone, code, onPhone, onCode, errors } = props;
  const { t } = useTranslation();
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  return (
    <>
      <PhoneField
        areaCode={areaCode}
        value={phone}
        onValue={(v) => {
          setPhoneProblem(null);
          onPhone(v);
        }}
        error={errors.phone ?? (phoneProblem ? t(phoneProblem) : undefined)}
      />
      <SmsCodeField
        type={type}
        areaCode={areaCode}
        phone={phone}
        value={code}
        onValue={onCode}
        error={errors.code}
        onPhoneProblem={setPhoneProblem}
      />
    </>
  );
}
