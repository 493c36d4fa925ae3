import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { ChildCards } from '../../components/child-cards.tsx';

/** /account/children: the family's children. */
export function ChildrenPage() {
  usePageMeta({ title: 'Children', description: 'Your children’s profiles, emergency contacts and pickup lists.' });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <AccountBreadcrumbs current="Children" />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 4, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
          Children
        </Typography>
        <Button component={RouterLink} to={paths.childNew} variant="contained">
          Add a child
        </Button>
      </Stack>
      <ChildCards />
    </Container>
  );
}
