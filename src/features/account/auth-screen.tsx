// The frame login, registration and the password reset share: a transparent header, the hero (heading,
// subtitle, optional logo), the form (fields, the form's own error, the submit button) and the line that
// switches to the other screen.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormView } from '../../shared/forms/form-parts.tsx';
import type { ContractFormState } from '../../shared/forms/use-contract-form.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import s from './auth-screen.module.css';

interface AuthScreenProps {
  title: string;
  hero: { logo?: ReactNode; heading: string; subtitle: string };
  /** the form's submit handler, pending state and own error (useContractForm) */
  form: ContractFormState;
  submitLabel: string;
  /** "No account yet? Register" and the reverse */
  switchTo: { prompt: string; label: string; to: string };
  /** the form's fields, above the submit button */
  children: ReactNode;
}

export function AuthScreen({ title, hero, form, submitLabel, switchTo, children }: AuthScreenProps) {
  return (
    <div className="page">
      <PageHeader title={title} transparent />
      <div className="page__body">
        <div className={s.hero}>
          {hero.logo}
          <h2 className={s.heading}>{hero.heading}</h2>
          <p className="muted small">{hero.subtitle}</p>
        </div>
        <FormView {...form} submitLabel={submitLabel}>
          {children}
        </FormView>
        <p className={s.switch}>
          <span>{switchTo.prompt}</span>
          <Link className="link-btn" to={switchTo.to}>
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Two controls on one line of an auth form (login's "remember" and "forgot password?"). */
export function AuthRow({ children }: { children: ReactNode }) {
  return <div className={s.row}>{children}</div>;
}

export const authForgotClass = s.forgot;
export const authLinksClass = s.links;
