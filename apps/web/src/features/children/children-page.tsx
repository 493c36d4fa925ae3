import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { ChildCards } from '../../components/child-cards.tsx';

/** /account/children: the family's children. */
export function ChildrenPage() {
  usePageMeta({ title: 'Children', description: 'Your children’s profiles, emergency contacts and pickup lists.' });
  return (
    <Container maxWidth="lg" sx={accountPageSx}>
      <AccountPageTitle
        title="Children"
        action={
          <Button component={RouterLink} to={paths.childNew} variant="contained">
            Add a child
          </Button>
        }
      />
      <ChildCards />
    </Container>
  );
}
