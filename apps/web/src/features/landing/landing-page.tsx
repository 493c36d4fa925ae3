import { ErrorMessage } from '../../components/error-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useLandingPage } from './api/get-landing-page.ts';
import { FeaturedPrograms } from './components/featured-programs.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { OffersSection } from './components/offers-section.tsx';
import { TestimonialsSection } from './components/testimonials-section.tsx';

/** Home page (route /): content from GET /api/cms/landing-page, featured programs, testimonials and offers. */
export function LandingPage() {
  const { data: page, isError, refetch } = useLandingPage();
  usePageMeta({ title: page?.title ?? 'KikStart', description: page?.description });

  if (isError) {
    return (
      <ErrorMessage
        title="The home page could not be loaded"
        text="Please check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <>
      <Hero data={page?.data} />
      <HowItWorks steps={page?.data.steps} />
      <FeaturedPrograms />
      <TestimonialsSection />
      <OffersSection />
    </>
  );
}
