import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { ErrorMessage } from '../../components/error-message.tsx';
import { useChild } from '../../api/get-children.ts';
import { useUpdateChild } from './api/update-child.ts';
import { useUploadChildPhoto } from './api/upload-child-photo.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { ChildNotFound } from './components/child-not-found.tsx';
import { ChildForm } from './components/child-form.tsx';
import { childToForm, safeReturnTo } from './child-form-values.ts';
import { uploadUrl } from '../../lib/upload-url.ts';

/** /account/children/:id/edit[?returnTo=…]: the whole child form, filled in. */
export function ChildEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const child = useChild(id);
  const update = useUpdateChild();
  const upload = useUploadChildPhoto();
  usePageMeta({
    title: child.data ? `Edit ${child.data.firstName}` : 'Edit child',
    description: 'Update your child’s details.',
  });
  const childPath = pathTo(paths.child, { id });

  if (child.isError) return <ErrorMessage onRetry={() => child.refetch()} />;
  if (child.data === null) return <ChildNotFound />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <AccountBreadcrumbs
        trail={[
          { label: 'Children', to: paths.children },
          ...(child.data ? [{ label: child.data.firstName, to: childPath }] : []),
        ]}
        current="Edit"
      />
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 4 }}>
        {child.data ? `Edit ${child.data.firstName} ${child.data.lastName}` : 'Edit child'}
      </Typography>
      {!child.data ? (
        <div aria-hidden>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} animation="wave" height={56} />
          ))}
        </div>
      ) : (
        <ChildForm
          key={child.data.id}
          defaultValues={childToForm(child.data)}
          currentPhotoUrl={uploadUrl(child.data.photoUrl)}
          submitLabel="Save changes"
          onSubmit={async (values, photo) => {
            await update.mutateAsync({ ...values, id });
            if (photo) await upload.mutateAsync({ childId: id, file: photo }).catch(() => undefined);
            navigate(returnTo ?? childPath);
          }}
        />
      )}
    </Container>
  );
}
