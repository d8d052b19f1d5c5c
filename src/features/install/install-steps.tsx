// One platform's numbered install steps with its closing note. Step numbers are Latin digits, left-to-right
// inside Urdu text like every number of the app.
import { useTranslation } from 'react-i18next';
import { Num } from '../../shared/ui/num.tsx';
import s from './install-steps.module.css';

/** The steps each platform's texts have in locales/<lang>/pwa.json. */
const STEPS = {
  android: ['step1', 'step2', 'step3'],
  ios: ['step1', 'step2', 'step3', 'step4'],
} as const;

export type InstallPlatform = keyof typeof STEPS;

export function InstallSteps({ platform }: { platform: InstallPlatform }) {
  const { t } = useTranslation('pwa');
  return (
    <section className={s.steps} aria-labelledby={`install-steps-${platform}`}>
      <h2 className={s.title} id={`install-steps-${platform}`}>
        {t(`${platform}.title`)}
      </h2>
      <ol className={s.list}>
        {STEPS[platform].map((step, i) => (
          <li key={step} className={s.item}>
            {/* The list is an <ol>: screen readers announce the position, so the drawn number is hidden. */}
            <span className={s.n} aria-hidden="true">
              <Num>{i + 1}</Num>
            </span>
            <span>{t(`${platform}.${step}`)}</span>
          </li>
        ))}
      </ol>
      <p className={`${s.note} muted small`}>{t(`${platform}.note`)}</p>
    </section>
  );
}
