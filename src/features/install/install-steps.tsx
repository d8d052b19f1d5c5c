// One platform's numbered install steps with its closing note. Step numbers are Latin digits, left-to-right
// inside Urdu text like every number of the app.
import { useTranslation } from 'react-i18next';
import { Num } from '../../shared/ui/num.tsx';

/** The steps each platform's texts have in locales/<lang>/pwa.json. */
const STEPS = {
  android: ['step1', 'step2', 'step3'],
  ios: ['step1', 'step2', 'step3', 'step4'],
} as const;

export type InstallPlatform = keyof typeof STEPS;

export function InstallSteps({ platform }: { platform: InstallPlatform }) {
  const { t } = useTranslation('pwa');
  return (
    <section className="install-steps" aria-labelledby={`install-steps-${platform}`}>
      <h2 className="install-steps__title" id={`install-steps-${platform}`}>
        {t(`${platform}.title`)}
      </h2>
      <ol className="install-steps__list">
        {STEPS[platform].map((step, i) => (
          <li key={step} className="install-steps__item">
            {/* The list is an <ol>: screen readers announce the position, so the drawn number is hidden. */}
            <span className="install-steps__n" aria-hidden="true">
              <Num>{i + 1}</Num>
            </span>
            <span className="install-steps__text">{t(`${platform}.${step}`)}</span>
          </li>
        ))}
      </ol>
      <p className="install-steps__note muted small">{t(`${platform}.note`)}</p>
    </section>
  );
}
