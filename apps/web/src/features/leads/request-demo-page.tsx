import { useState } from 'react';
import Container from '@mui/material/Container';
import { DEMO_MODAL_TEXT, DEMO_MODAL_TITLE, LEAD_SUCCESS } from '@kikstart/contract/leads';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { FormSuccess } from './components/form-success.tsx';
import { DemoRequestForm, usePostedDemo } from './components/demo-request-form.tsx';

/**
 * /request-a-demo: the demo request as a page. The header's "Request A Free Demo" opens the modal
 * with scripts, and leads here without them; the demo form posts here then (decision 0033).
 */
export function RequestDemoPage() {
  usePageMeta({ title: DEMO_MODAL_TITLE, description: DEMO_MODAL_TEXT });
  const posted = usePostedDemo(null);
  // With scripts the success toast says the server's message; after a post the page says it.
  const [sent, setSent] = useState<'toast' | 'page' | null>(posted.sent ? 'page' : null);
  // The post's outcome belongs to the first form only; one shown again starts blank.
  const [again, setAgain] = useState(false);
  return (
    <>
      <PageHeader title={DEMO_MODAL_TITLE} description={DEMO_MODAL_TEXT} />
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <FormCard
          id="request-demo"
          title="Your school and a date"
          intro="Tell us where and when, and we will confirm the details with you."
        >
          {sent ? (
            <FormSuccess
              title="Demo requested"
              message={sent === 'page' ? (posted.sent ?? LEAD_SUCCESS.demo) : undefined}
              againLabel="Request another demo"
              onAgain={() => {
                setAgain(true);
                setSent(null);
              }}
              role={sent === 'page' ? 'status' : undefined}
            />
          ) : (
            <DemoRequestForm
              details={null}
              posted={again ? undefined : posted}
              onSent={() => {
                setAgain(true);
                setSent('toast');
              }}
            />
          )}
        </FormCard>
      </Container>
    </>
  );
}
