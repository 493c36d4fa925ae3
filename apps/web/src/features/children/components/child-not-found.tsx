import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** What the child and edit-child pages show for an id that is not one of the family's children. */
export function ChildNotFound() {
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h1" sx={{ fontSize: 30, mb: 2 }}>
        Child not found
      </Typography>
      <Button component={RouterLink} to={paths.children} variant="contained">
        Back to your children
      </Button>
    </Container>
  );
}
