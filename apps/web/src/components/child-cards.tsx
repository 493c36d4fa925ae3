import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths, pathTo } from '../lib/paths.ts';
import { avatarInitials } from '../lib/format/initials.ts';
import { useChildren } from '../api/get-children.ts';
import { uploadUrl } from '../lib/upload-url.ts';

/** The family's children as cards linking to each child's page; an empty state says what to do. */
export function ChildCards() {
  const children = useChildren();
  if (children.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => children.refetch()}>
            Try again
          </Button>
        }
      >
        Your children could not be loaded.
      </Alert>
    );
  if (children.isPending)
    return (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
        aria-hidden
      >
        {[0, 1].map((i) => (
          <Skeleton key={i} animation="wave" variant="rounded" height={96} />
        ))}
      </Box>
    );
  if (!children.data.length)
    return (
      <Box sx={{ p: 3, border: 1, borderColor: 'divider', borderRadius: 2, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>Add your child to enroll them in programs. It takes about two minutes.</Typography>
        <Button component={RouterLink} to={paths.childNew} variant="contained">
          Add a child
        </Button>
      </Box>
    );
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {children.data.map((c) => (
        <li key={c.id}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={pathTo(paths.child, { id: c.id })}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <Avatar src={uploadUrl(c.photoUrl)} alt="" sx={{ width: 56, height: 56 }}>
                  {avatarInitials(`${c.firstName} ${c.lastName}`)}
                </Avatar>
                <Box>
                  <Typography variant="h4" component="h3">{`${c.firstName} ${c.lastName}`}</Typography>
                  <Typography color="text.secondary">{`Grade ${c.gradeLabel} · age ${c.age}${c.schoolName ? ` · ${c.schoolName}` : ''}`}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
