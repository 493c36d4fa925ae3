import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ContentLoadError } from './components/content-load-error.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useBringToSchool } from './api/get-bring-to-school.ts';
import { Markdown } from '../../components/markdown.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PointCards } from './components/point-cards.tsx';
import { CardGrid } from '../../components/card-grid.tsx';

/** Bring KikStart to my school: benefits for schools, the current partner schools and the request form the router passes in. */
export function SchoolsPage({ requestForm }: { requestForm: ReactNode }) {
  const { data, isPending, isError, refetch } = useBringToSchool();
  usePageMeta({ title: data?.page.title, description: data?.page.description });

  if (isError) return <ContentLoadError onRetry={() => void refetch()} />;
  return (
    <>
      <PageHeader title={data?.page.title} description={data?.page.description} maxWidth="lg" />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={240} aria-hidden />
        ) : (
          <>
            {data.page.body && <Markdown>{data.page.body}</Markdown>}
            <PointCards
              points={data.page.data.benefits}
              md={(data.page.data.benefits?.length ?? 0) % 3 === 0 ? 4 : 3}
              sx={{ mt: 1, mb: 6 }}
            />
            <Typography variant="h2" sx={{ mb: 3 }}>
              Partner schools
            </Typography>
            <CardGrid>
              {data.schools.map((s) => (
                <Card component="li" key={s.id}>
                  <CardContent>
                    <Typography variant="h4" component="h3">
                      {s.name}
                    </Typography>
                    <Typography color="text.secondary">
                      {s.address}, {s.city}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </CardGrid>
            <Box sx={{ mt: 6, maxWidth: 760 }}>{requestForm}</Box>
          </>
        )}
      </Container>
    </>
  );
}
