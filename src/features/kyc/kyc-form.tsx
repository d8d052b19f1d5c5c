// The KYC submission form: certificate type (CNIC, driving licence, passport), its number, the full name and
// the date of birth as on the document, the front and back photos, and the data-collection agreement. The
// rules are the contract's (KycSubmitFields and contract/kyc.ts's functions), so the form refuses what the
// server would, with the same sentences. The photos go up as multipart with a progress bar.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  birthDateProblem,
  certNumberProblem,
  fullNameProblem,
  KycSubmitFields,
  pktDate,
  type CertType,
  type KycPhotoField,
} from '../../../contract/kyc.ts';
import type { KycState } from '../../../workers/protocol/api.ts';
import { BusinessError } from '../../shared/api/api-errors.ts';
import { CheckField } from '../../shared/forms/fields/check-field.tsx';
import { CnicField } from '../../shared/forms/fields/cnic-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import type { FormRule } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { submitKycCall } from './queries.ts';
import s from './kyc-page.module.css';

/** The contract's rules beyond the schema, at their fields (the server's messages). */
const kycRules: FormRule = (values, issues) => {
  const problems = [
    certNumberProblem((values['certType'] ?? 'cnic') as CertType, values['certNumber'] ?? ''),
    fullNameProblem(values['fullName'] ?? ''),
    birthDateProblem(values['birthDate'] ?? '', pktDate(Date.now())),
  ];
  for (const p of problems) {
    if (p && !issues.has(p.field) && (values[p.field] ?? '') !== '') issues.set(p.field, { ...p });
  }
};

const DOC_NUMBER_CLEAN = (typed: string) =>
  typed
    .replace(/[^A-Za-z0-9]/gu, '')
    .toUpperCase()
    .slice(0, 20);

export function KycForm({ onDone }: { onDone: (state: KycState) => void }) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<Record<KycPhotoField, Blob | null>>({ front: null, back: null });
  const [photoErrors, setPhotoErrors] = useState<Partial<Record<KycPhotoField, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const { form, state } = useContractForm({
    schema: KycSubmitFields,
    defaultValues: { certType: 'cnic', certNumber: '', fullName: '', birthDate: '', agree: '0' },
    rules: [kycRules],
    submit: async (values) => {
      const { front, back } = photos;
      if (!front || !back) return;
      setProgress(0);
      try {
        onDone(await submitKycCall(values, { front, back }, setProgress));
      } catch (error) {
        // A refused photo is shown at its picker.
        if (error instanceof BusinessError && (error.field === 'front' || error.field === 'back')) {
          setPhotoErrors({ [error.field]: error.msg });
          return;
        }
        throw error;
      } finally {
        setProgress(null);
      }
    },
  });
  const certType = form.watch('certType') as CertType;

  const setPhoto = (side: KycPhotoField) => (photo: Blob | null) => {
    setPhotos((p) => ({ ...p, [side]: photo }));
    setPhotoErrors((e) => ({ ...e, [side]: undefined }));
  };
  const onSubmit = (e?: React.FormEvent) => {
    const missing: Partial<Record<KycPhotoField, string>> = {};
    if (!photos.front) missing.front = t('errors:kyc.photoMissing');
    if (!photos.back) missing.back = t('errors:kyc.photoMissing');
    setPhotoErrors(missing);
    state.onSubmit(e);
  };

  const types = [
    { value: 'cnic', label: t('kyc:certType.cnic') },
    { value: 'licence', label: t('kyc:certType.licence') },
    { value: 'passport', label: t('kyc:certType.passport') },
  ] as const;

  return (
    <FormView
      {...state}
      onSubmit={onSubmit}
      submitLabel={progress === null ? t('kyc:form.submit') : t('kyc:form.sending')}
      testId="kyc-form"
      submitTestId="kyc-submit"
    >
      <Segmented<CertType>
        label={t('kyc:form.certType')}
        value={certType}
        options={types}
        onChange={(v) => {
          form.setValue('certType', v);
          form.setValue('certNumber', '');
          form.clearErrors('certNumber');
        }}
        testId="kyc-cert-type"
      />
      {certType === 'cnic' ? (
        <CnicField control={form.control} name="certNumber" label={t('kyc:form.cnic')} />
      ) : (
        <TextField
          control={form.control}
          name="certNumber"
          label={t(certType === 'passport' ? 'kyc:form.passport' : 'kyc:form.licence')}
          placeholder={t('kyc:form.docNumberPlaceholder')}
          clean={DOC_NUMBER_CLEAN}
          autoCapitalize="characters"
          ltr
        />
      )}
      <TextField
        control={form.control}
        name="fullName"
        label={t('kyc:form.fullName')}
        placeholder={t('kyc:form.fullNamePlaceholder')}
        autoComplete="name"
      />
      <TextField
        control={form.control}
        name="birthDate"
        type="date"
        label={t('kyc:form.birthDate')}
        autoComplete="bday"
        ltr
      />
      <div className={s.photos}>
        <PhotoPicker
          label={t('kyc:photo.front')}
          photo={photos.front}
          onChange={setPhoto('front')}
          error={photoErrors.front}
          testId="kyc-photo-front"
        />
        <PhotoPicker
          label={t('kyc:photo.back')}
          photo={photos.back}
          onChange={setPhoto('back')}
          error={photoErrors.back}
          testId="kyc-photo-back"
        />
      </div>
      <p className="muted small">{t('kyc:photo.hint')}</p>
      <CheckField control={form.control} name="agree">
        {t('kyc:form.agree')}
      </CheckField>
      {progress !== null && (
        <div className={s.progress}>
          <progress
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t('kyc:form.uploading')}
            data-testid="kyc-progress"
          />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      )}
    </FormView>
  );
}
