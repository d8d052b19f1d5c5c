// The frame of a form: the <form> (the browser's own checks off: the contract's rules speak instead), its own
// error (a refusal of no one field, a lost connection) announced above the submit button, and the submit
// button, disabled while the call runs.
import type { ReactNode } from 'react';
import s from './form-parts.module.css';
import type { ContractFormState } from './use-contract-form.ts';

interface ContractFormViewProps extends ContractFormState {
  submitLabel: string;
  /** the fields, above the form's error and the submit button */
  children: ReactNode;
  testId?: string;
  submitTestId?: string;
}

export function FormView({
  onSubmit,
  pending,
  formError,
  submitLabel,
  children,
  testId,
  submitTestId,
}: ContractFormViewProps) {
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate data-testid={testId} aria-busy={pending}>
      {children}
      {formError && <FormError>{formError}</FormError>}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={pending}
        data-testid={submitTestId}
      >
        {submitLabel}
      </button>
    </form>
  );
}

/** A form's own error (not one field's): announced, above the submit button. Also used by forms that are not
 * contract forms (the order ticket, whose checks come from the server's live preview). */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={s.formError} role="alert" data-testid="form-error">
      {children}
    </p>
  );
}
