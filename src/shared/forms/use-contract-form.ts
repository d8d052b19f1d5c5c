// One form over one contract schema: react-hook-form with the schema as resolver, and the submit path every
// form shares. A refusal that names a field (a -1001 with `field`) is shown at that field; any other failure is
// the form's own error (FormError) — a -1001 also gets the spec's 1 s toast from the one global handler, a dead
// session goes to login through it. While the call runs the submit button is disabled and a second submit
// (a double tap, Enter twice) is ignored.
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { Static, TObject } from 'typebox';
import { BusinessError, NetworkError, ResultError, SessionError } from '../api/api-errors.ts';
import { reportApiError } from '../api/report-api-error.ts';
import { i18next } from '../i18n/i18n.ts';
import { showToast } from '../ui/toast.tsx';
import { contractResolver, FORM_ERROR } from './contract-resolver.ts';
import type { FormRule } from './rules.ts';

/** The values of a form over `S`: the fields it shows (`K`, wire names), each a string as on the wire. */
export type FormValues<S extends TObject, K extends keyof Static<S> & string> = Record<K, string>;

export interface ContractFormOptions<S extends TObject, K extends keyof Static<S> & string> {
  schema: S;
  defaultValues: FormValues<S, K>;
  /** rules beyond the schema (rules.ts) */
  rules?: readonly FormRule[];
  /** where a field's problem is shown when the field itself is not on the form (captchaId → captcha) */
  errorAt?: Partial<Record<keyof Static<S> & string, K>>;
  /** Sends the checked values (typed by the schema) and does what success means; a throw is a failure. */
  submit: (values: Pick<Static<S>, K>) => Promise<void>;
  /** After any failed send (a captcha is single use: the form fetches a new one). */
  onFailure?: (error: unknown) => void;
}

/** What the form's frame needs (FormView): the submit handler, whether a call is on its way, its own error. */
export interface ContractFormState {
  /** goes on the <form> */
  onSubmit: (e?: FormEvent) => void;
  /** the call is on its way: disable the submit button */
  pending: boolean;
  /** the form's own error (no one field), already in the reader's language */
  formError: string | undefined;
}

export interface ContractForm<S extends TObject, K extends keyof Static<S> & string> {
  form: UseFormReturn<FormValues<S, K>>;
  /** the frame's part, to spread into FormView or AuthScreen */
  state: ContractFormState;
}

export function useContractForm<S extends TObject, K extends keyof Static<S> & string>(
  opts: ContractFormOptions<S, K>,
): ContractForm<S, K> {
  const { schema, rules, errorAt } = opts;
  const form = useForm<FormValues<S, K>>({
    defaultValues: opts.defaultValues as DefaultValues<FormValues<S, K>>,
    resolver: contractResolver<FormValues<S, K>>(schema, { rules, errorAt }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [pending, setPending] = useState(false);
  // The ref, not the state, guards: two submits in one frame both see the state before either re-render.
  const sending = useRef(false);

  const fail = (error: unknown): void => {
    const { setError } = form;
    opts.onFailure?.(error);
    if (error instanceof SessionError) {
      reportApiError(error);
      return;
    }
    if (error instanceof BusinessError) {
      const named = error.field ? (errorAt?.[error.field as keyof typeof errorAt] ?? error.field) : undefined;
      if (named !== undefined && named in form.getValues() && error.msg) {
        setError(
          named as FieldPath<FormValues<S, K>>,
          { type: 'server', message: error.msg },
          { shouldFocus: true },
        );
        return;
      }
      reportApiError(error);
      setError(`root.${FORM_ERROR}`, {
        type: 'server',
        message: error.msg || i18next.t('common:networkError'),
      });
      return;
    }
    if (error instanceof ResultError && error.msg) {
      setError(`root.${FORM_ERROR}`, { type: 'server', message: error.msg });
      return;
    }
    if (error instanceof NetworkError && error.kind === 'aborted') return;
    if (!(error instanceof NetworkError)) console.error('form submit failed', error);
    const msg = i18next.t('common:networkError');
    showToast(msg, { icon: 'error' });
    setError(`root.${FORM_ERROR}`, { type: 'network', message: msg });
  };

  const send = async (values: FormValues<S, K>): Promise<void> => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      // The resolver let these through, so they are what the schema (the wire type) allows.
      await opts.submit(values as unknown as Pick<Static<S>, K>);
    } catch (error) {
      fail(error);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  const onSubmit = (e?: FormEvent): void => {
    e?.preventDefault();
    if (sending.current) return;
    void form.handleSubmit(send)();
  };

  const formError = form.formState.errors.root?.[FORM_ERROR]?.message;
  return { form, state: { onSubmit, pending, formError } };
}
