import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helpSlides as slides } from './helpPictures';

/** Spec 001 section 9: the help carousel moves every 3000 ms, looping. */
export const carouselIntervalMs = 3000;

/** Autoplay and loop, no thumbnails or status dots (as the spec's carousel); small SVGs only. */
export function HelpCarousel() {
  const { t } = useTranslation('help');
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % slides.length),
      carouselIntervalMs,
    );
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      className="relative aspect-[16/9] w-full overflow-hidden rounded-2xl bg-stone-100"
    >
      <ul
        className="flex h-full transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          <li
            key={slide.src}
            aria-hidden={i !== index}
            data-testid={i === index ? 'help-slide-active' : undefined}
            className="relative h-full w-full shrink-0"
          >
            <img src={slide.src} alt="" className="h-full w-full object-cover" />
            <p className="absolute inset-x-0 bottom-0 bg-black/55 px-3 py-2 text-base font-semibold text-white">
              {t(slide.textKey)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
