// One side of the document: a file input that opens the camera (or the gallery) at the size of a 4:3 zone,
// then the preview and a remove button. The picked file is shrunk (photo-shrink.ts) before it is kept.
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_PHOTO_MAX_BYTES } from '../../../contract/kyc.ts';
import { cx } from '../../shared/ui/cx.ts';
import { shrinkPhoto } from './photo-shrink.ts';
import s from './photo-picker.module.css';

interface PhotoPickerProps {
  label: string;
  photo: Blob | null;
  onChange: (photo: Blob | null) => void;
  error?: string | undefined;
  testId: string;
}

export function PhotoPicker({ label, photo, onChange, error, testId }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [ownError, setOwnError] = useState<string>();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = ownError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const small = await shrinkPhoto(file);
    if (small.size > KYC_PHOTO_MAX_BYTES) {
      setOwnError(t('errors:kyc.photoTooLarge'));
      return;
    }
    setOwnError(undefined);
    onChange(small);
  };

  return (
    <div className={s.picker} data-testid={testId}>
      {preview ? (
        <span className={s.label}>{label}</span>
      ) : (
        <label className={s.label} htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className={cx(s.zone, shown && s.invalid)}>
        {preview ? (
          <>
            <img className={s.preview} src={preview} alt={label} />
            <button
              type="button"
              className={s.remove}
              onClick={() => {
                setOwnError(undefined);
                onChange(null);
              }}
              aria-label={t('kyc:photo.remove', { side: label })}
            >
              {t('kyc:photo.removeShort')}
            </button>
          </>
        ) : (
          <>
            <span aria-hidden="true">{t('kyc:photo.add')}</span>
            <input
              id={inputId}
              className={s.input}
              type="file"
              accept="image/*"
              capture="environment"
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </>
        )}
      </div>
      {shown && (
        <p className={s.error} id={errorId} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
