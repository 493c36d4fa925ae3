import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { DROPPABLE_STATUSES, statusIn } from '@kikstart/contract/enrollment-status';
import { usePageMeta } from '../../lib/page-meta.ts';
import { avatarInitials } from '../../lib/format/initials.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { ErrorMessage } from '../../components/error-message.tsx';
import { useChild } from '../../api/get-children.ts';
import { useChildPrograms } from './api/get-child-programs.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { ChildNotFound } from './components/child-not-found.tsx';
import { EnrollmentItem, EnrollmentItemSkeleton } from '../../components/enrollment/enrollment-item.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { ChildDetails, ChildDetailsSkeleton } from './components/child-details.tsx';
import { DropOutButton } from '../../components/enrollment/drop-out-dialog.tsx';
import { DeleteChildButton } from './components/delete-child-button.tsx';
import { ChildAttendance } from './components/child-attendance.tsx';
import { uploadUrl } from '../../lib/upload-url.ts';

const canDrop = (e: Enrollment) => statusIn(e.status, DROPPABLE_STATUSES);

/** /account/children/:id: the child's details and enrollments, with drop-out and deleting the child. */
export function ChildPage() {
  const { id = '' } = useParams();
  const child = useChild(id);
  const programs = useChildPrograms(id);
  const c = child.data;
  usePageMeta({
    title: c ? `${c.firstName} ${c.lastName}` : 'Child',
    description: 'Your child’s details and programs.',
  });

  if (child.isError) return <ErrorMessage onRetry={() => child.refetch()} />;
  if (c === null) return <ChildNotFound />;
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <AccountBreadcrumbs trail={[{ label: 'Children', to: paths.children }]} current={c?.firstName ?? 'Child'} />
      {!c ? (
        <ChildHeaderSkeleton />
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={uploadUrl(c.photoUrl)} alt="" sx={{ width: 72, height: 72 }}>
                {avatarInitials(`${c.firstName} ${c.lastName}`)}
              </Avatar>
              <Typography
                variant="h1"
                sx={{ fontSize: { xs: 30, md: 40 } }}
              >{`${c.firstName} ${c.lastName}`}</Typography>
            </Stack>
            <Stack direction="row" spacing={1.5}>
              <Button
                component={RouterLink}
                to={pathTo(paths.childEdit, { id })}
                variant="outlined"
                startIcon={<EditOutlined aria-hidden />}
              >
                Edit details
              </Button>
              <DeleteChildButton child={c} />
            </Stack>
          </Stack>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 5 }}>
            <ChildDetails child={c} />
          </Paper>
        </>
      )}
      <Box component="section" aria-labelledby="child-programs-heading">
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id="child-programs-heading" variant="h3" component="h2">
            Programs
          </Typography>
          <Button component={RouterLink} to={paths.programs}>
            Find a program
          </Button>
        </Stack>
        <ListShell
          query={programs}
          failed="The programs could not be loaded."
          skeleton={<EnrollmentItemSkeleton showChild={false} />}
          empty={
            programs.data?.length === 0 && (
              <Typography color="text.secondary">
                {c?.firstName ?? 'This child'} is not enrolled in any program yet.
              </Typography>
            )
          }
        >
          {() => (
            <Stack spacing={2}>
              {programs.data!.map((e) => (
                <EnrollmentItem
                  key={e.id}
                  enrollment={e}
                  showChild={false}
                  actions={canDrop(e) ? <DropOutButton enrollment={e} /> : undefined}
                />
              ))}
            </Stack>
          )}
        </ListShell>
      </Box>
      <ChildAttendance childId={id} firstName={c?.firstName ?? 'Your child'} />
    </Container>
  );
}

/** The child's name, photo, buttons and details while they load, each at its own size. */
function ChildHeaderSkeleton() {
  return (
    <Box aria-hidden data-testid="child-skeleton">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1 }}>
          <Skeleton animation="wave" variant="circular" width={72} height={72} sx={{ flexShrink: 0 }} />
          <Typography variant="h1" component="div" sx={{ fontSize: { xs: 30, md: 40 }, flex: 1 }}>
            <Skeleton animation="wave" width="60%" />
          </Typography>
        </Stack>
        <Skeleton animation="wave" variant="rounded" width={250} height={36.5} />
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 5 }}>
        <ChildDetailsSkeleton />
      </Paper>
    </Box>
  );
}
