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
import { CardGrid } from './card-grid.tsx';
import { LoadError } from './load-error.tsx';
import { TextSkeleton } from './text-skeleton.tsx';

const cardBody = { display: 'flex', gap: 2, alignItems: 'center' } as const;

/** A child's card while the list loads: the avatar, name and details lines, at the card's own size. */
function ChildCardSkeleton() {
  return (
    <li>
      <Card variant="outlined">
        <CardContent sx={cardBody}>
          <Skeleton animation="wave" variant="circular" width={56} height={56} sx={{ flexShrink: 0 }} />
          <TextSkeleton lines={[{ width: '60%', variant: 'h4' }, { width: '85%' }]} />
        </CardContent>
      </Card>
    </li>
  );
}

/** Two cards' worth of skeleton: most families have one or two children. */
export function ChildCardsSkeleton() {
  return (
    <Box data-testid="child-cards-skeleton">
      <CardGrid hidden>
        <ChildCardSkeleton />
        <ChildCardSkeleton />
      </CardGrid>
    </Box>
  );
}

/** The family's children as cards linking to each child's page; an empty state says what to do. */
export function ChildCards() {
  const children = useChildren();
  if (children.isError)
    return <LoadError onRetry={() => children.refetch()}>Your children could not be loaded.</LoadError>;
  if (children.isPending) return <ChildCardsSkeleton />;
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
    <CardGrid>
      {children.data.map((c) => (
        <li key={c.id}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={pathTo(paths.child, { id: c.id })}>
              <CardContent sx={cardBody}>
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
    </CardGrid>
  );
}
