// The page of a 6-digit password, one for each kind: the transaction password (/pages/user/tradePassword) and the
// withdrawal password (/pages/user/withdrawPassword). Set it (6 digits, twice) when the profile has none, else
// change it (current + new twice); a kind may offer a way back from a forgotten one (the withdrawal password's
// SMS reset, given by its feature). The rules are the contract's schemas, refusals the server's messages at their
// fields. Texts come from `<kind>:password.*`, the title from `nav:title.user.<kind>Password`, test ids are
// `<kind>-password-*`. The calls stay with the feature that owns them (passed in), so no feature imports another.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, FieldPathByValue } from 'react-hook-form';
import { TradePasswordChangeBody, TradePasswordSetBody } from '../../../contract/user.ts';
import { WithdrawPasswordSetBody, WithdrawPasswordUpdateBody } from '../../../contract/withdraw.ts';
import { ConfirmPasswordField, PinField } from '../forms/fields/password-field.tsx';
import { FormView } from '../forms/form-parts.tsx';
import { differentFrom, sameAs } from '../forms/rules.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { profileQuery } from '../query/profile-query.ts';
import { useAccountScope } from '../query/use-account-scope.ts';
import { useAtomValue } from '../state/jotai.ts';
import { userInfoAtom } from '../state/session-atoms.ts';
import { PageHeader } from './page-header.tsx';
import { showToast } from './toast.tsx';
import { useGoBack } from './use-go-back.ts';

export type PinPasswordKind = 'trade' | 'withdraw';
type Mode = 'set' | 'change' | 'reset';

// Both kinds send the same fields; each keeps its own schema (they may part one day).
const SCHEMAS = {
  trade: { set: TradePasswordSetBody, change: TradePasswordChangeBody },
  withdraw: { set: WithdrawPasswordSetBody, change: WithdrawPasswordUpdateBody },
} as const;

// Type aliases, not interfaces: they pass as the plain records the API client sends.
export type NewPassword = { password: string; password2: string };
export type ChangedPassword = NewPassword & { oldPassword: string };

/** After a form succeeds: whether a password is set changed, so the profile is read again before going back. */
export function usePinPasswordDone(kind: PinPasswordKind, mode: Mode): () => Promise<void> {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const scope = useAccountScope();
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: profileQuery(scope).queryKey });
    showToast(t(`${kind}:password.${mode}Done`), { icon: 'success' });
    goBack();
  };
}

/** The new PIN and its repetition, as every form of a kind asks for them (wire names password and password2). */
export function NewPin<T extends NewPassword>({
  kind,
  control,
}: {
  kind: PinPasswordKind;
  control: Control<T>;
}) {
  const { t } = useTranslation();
  const placeholder = t(`${kind}:password.placeholder`);
  const name = (n: 'password' | 'password2') => n as FieldPathByValue<T, string>;
  return (
    <>
      <PinField
        control={control}
        name={name('password')}
        confirmedBy={name('password2')}
        label={t(`${kind}:password.new`)}
        placeholder={placeholder}
      />
      <ConfirmPasswordField
        control={control}
        name={name('password2')}
        pin
        label={t(`${kind}:password.confirm`)}
        placeholder={placeholder}
      />
    </>
  );
}

function SetForm({ kind, set }: { kind: PinPasswordKind; set: (v: NewPassword) => Promise<unknown> }) {
  const { t } = useTranslation();
  const done = usePinPasswordDone(kind, 'set');
  const { form, state } = useContractForm({
    schema: SCHEMAS[kind].set,
    defaultValues: { password: '', password2: '' },
    rules: [sameAs('password', 'password2')],
    submit: async ({ password, password2 }) => {
      await set({ password, password2 });
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t(`${kind}:password.setSubmit`)}
      testId={`${kind}-password-form`}
      submitTestId={`${kind}-password-submit`}
    >
      <p className="muted small">{t(`${kind}:password.setIntro`)}</p>
      <NewPin kind={kind} control={form.control} />
    </FormView>
  );
}

function ChangeForm({
  kind,
  change,
}: {
  kind: PinPasswordKind;
  change: (v: ChangedPassword) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const done = usePinPasswordDone(kind, 'change');
  const { form, state } = useContractForm({
    schema: SCHEMAS[kind].change,
    defaultValues: { oldPassword: '', password: '', password2: '' },
    rules: [differentFrom('password', 'oldPassword'), sameAs('password', 'password2')],
    submit: async ({ oldPassword, password, password2 }) => {
      await change({ oldPassword, password, password2 });
      await done();
    },
  });
  return (
    <FormView
      {...state}
      submitLabel={t(`${kind}:password.changeSubmit`)}
      testId={`${kind}-password-form`}
      submitTestId={`${kind}-password-submit`}
    >
      <p className="muted small">{t(`${kind}:password.changeIntro`)}</p>
      <PinField
        control={form.control}
        name="oldPassword"
        label={t(`${kind}:password.old`)}
        placeholder={t(`${kind}:password.placeholder`)}
      />
      <NewPin kind={kind} control={form.control} />
    </FormView>
  );
}

export function PinPasswordPage({
  kind,
  set,
  change,
  reset,
}: {
  kind: PinPasswordKind;
  set: (v: NewPassword) => Promise<unknown>;
  change: (v: ChangedPassword) => Promise<unknown>;
  /** the form that replaces a forgotten password, given the account's phone; none: no "Forgot" button */
  reset?: (phone: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const [forgot, setForgot] = useState(false);
  // Whether a password is set decides set or change: read the profile fresh on opening.
  useQuery(profileQuery(useAccountScope()));
  const isSet = kind === 'trade' ? user?.hasTradePassword : user?.hasWithdrawPassword;
  let body: ReactNode;
  if (forgot && user && reset) body = reset(user.phone);
  else if (isSet)
    body = (
      <>
        <ChangeForm kind={kind} change={change} />
        {reset && (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => setForgot(true)}
            data-testid={`${kind}-password-forgot`}
          >
            {t(`${kind}:password.forgot`)}
          </button>
        )}
      </>
    );
  else body = <SetForm kind={kind} set={set} />;
  return (
    <div className="page">
      <PageHeader title={t(`nav:title.user.${kind}Password`)} />
      <div className="page__body">{body}</div>
    </div>
  );
}
