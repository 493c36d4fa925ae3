import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import type { ContactData, FaqData, WhyUsData } from '@kikstart/contract/content';
import { ContentLoadError } from './components/content-load-error.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useContentPage } from './api/get-content-page.ts';
import type { CmsPageKey } from './api/get-content-page.ts';
import { Markdown } from '../../components/markdown.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PointCards } from './components/point-cards.tsx';
import { paths } from '../../lib/paths.ts';

/**
 * A CMS page: about, why us, FAQ, contact details and the policy pages. The contact and FAQ
 * pages get a form from the router (a lead form, lazy-loaded, so the policy pages never load it).
 */
export function ContentPage({ page, form }: { page: CmsPageKey; form?: ReactNode }) {
  const { data, isPending, isError, refetch } = useContentPage(page);
  usePageMeta({ title: data?.title, description: data?.description });

  if (isError) return <ContentLoadError onRetry={() => void refetch()} />;
  return (
    <>
      <PageHeader title={data?.title} description={data?.description} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        {isPending ? (
          <Box aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} width={i % 2 ? '85%' : '100%'} />
            ))}
          </Box>
        ) : (
          <>
            {data.body && <Markdown>{data.body}</Markdown>}
            {page === 'faq-data' && <FaqList data={data.data as unknown as FaqData} />}
            {page === 'why-us-data' && <Reasons data={data.data as unknown as WhyUsData} />}
            {page === 'contact-us-data' && <ContactDetails data={data.data as unknown as ContactData} />}
            {form && <Box sx={{ mt: 4 }}>{form}</Box>}
          </>
        )}
      </Container>
    </>
  );
}

function FaqList({ data }: { data: FaqData }) {
  return (
    <Box>
      {data.items?.map((item, i) => (
        <Accordion
          key={item.question}
          disableGutters
          elevation={0}
          // Each question is a heading under the page's h1 (MUI wraps the summary in an h3 by
          // default, which skipped a level and put a heading inside a heading).
          slotProps={{ heading: { component: 'h2' } }}
          sx={{ border: 1, borderColor: 'divider', '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary expandIcon={<ExpandMore />} id={`faq-${i}-header`} aria-controls={`faq-${i}-content`}>
            <Typography variant="h4" component="span">
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${i}-content`}>
            <Typography>{item.answer}</Typography>
            {/membership/i.test(item.question) && (
              <Link component={RouterLink} to={paths.plans} sx={{ display: 'inline-block', mt: 1 }}>
                Compare the membership plans
              </Link>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function Reasons({ data }: { data: WhyUsData }) {
  return <PointCards points={data.reasons} />;
}

function ContactDetails({ data }: { data: ContactData }) {
  return (
    <Card component="address" sx={{ fontStyle: 'normal', mt: 2 }}>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={1.5}>
          <Typography variant="h3" component="h2">
            Reach us
          </Typography>
          <Typography>
            Phone: <Link href={`tel:+1${data.phone.replace(/\D/g, '')}`}>{data.phone}</Link>
          </Typography>
          <Typography>
            Email: <Link href={`mailto:${data.email}`}>{data.email}</Link>
          </Typography>
          <Typography>Address: {data.address}</Typography>
          <Typography>Hours: {data.hours}</Typography>
          <Typography>
            Rather talk?{' '}
            <Link component={RouterLink} to={paths.bookCall}>
              Book a call
            </Link>{' '}
            at a time that suits you.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
