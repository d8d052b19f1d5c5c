// The frame login and registration share: a transparent header, the hero (heading, subtitle, optional logo),
// the form with its submit button, and the line that switches to the other screen; plus their +92 phone field.
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';

interface AuthScreenProps {
  title: string;
  hero: { logo?: ReactNode; heading: string; subtitle: string };
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  /** "No account yet? Register" and the reverse */
  switchTo: { prompt: string; label: string; to: string };
  /** the form's fields, above the submit button */
  children: ReactNode;
}

export function AuthScreen({
  title,
  hero,
  onSubmit,
  busy,
  submitLabel,
  switchTo,
  children,
}: AuthScreenProps) {
  return (
    <div className="page">
      <PageHeader title={title} transparent />
      <div className="page__body">
        <div className="auth-hero">
          {hero.logo}
          <h2 className="auth-hero__title">{hero.heading}</h2>
          <p className="muted small">{hero.subtitle}</p>
        </div>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          {children}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {submitLabel}
          </button>
        </form>
        <p className="auth-switch">
          <span>{switchTo.prompt}</span>
          <Link className="link-btn" to={switchTo.to}>
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

interface PhoneFieldProps {
  areaCode: string;
  value: string;
  onValue: (v: string) => void;
  error: string | undefined;
}

/** The mobile number after its fixed area code, on the numeric keypad, left-to-right. */
export function PhoneField({ areaCode, value, onValue, error }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account:fields.phone')}
      prefix={areaCode}
      value={value}
      onValue={onValue}
      error={error}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t('account:fields.phonePlaceholder')}
      ltr
      name="phone"
    />
  );
}
