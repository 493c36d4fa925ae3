import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useAddChild } from './api/add-child.ts';
import { useUploadChildPhoto } from './api/upload-child-photo.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { ChildForm } from './components/child-form.tsx';
import { emptyChildForm, returnWithChild, safeReturnTo } from './child-form-values.ts';

/** /account/children/new[?returnTo=/programs/:id/enroll]: add a child, then go back where the parent was. */
export function ChildNewPage() {
  usePageMeta({ title: 'Add a child', description: 'Add your child’s details, emergency contacts and pickup list.' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const add = useAddChild();
  const upload = useUploadChildPhoto();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <AccountBreadcrumbs trail={[{ label: 'Children', to: paths.children }]} current="Add a child" />
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        Add a child
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Fields marked * are required. Only you, other guardians in your family and your child’s coaches see these
        details.
      </Typography>
      <ChildForm
        defaultValues={emptyChildForm()}
        submitLabel="Save child"
        onSubmit={async (values, photo) => {
          const child = await add.mutateAsync(values);
          // The child is saved even if the photo fails; the upload shows its own toast.
          if (photo) await upload.mutateAsync({ childId: child.id, file: photo }).catch(() => undefined);
          navigate(returnTo ? returnWithChild(returnTo, child.id) : pathTo(paths.child, { id: child.id }));
        }}
      />
    </Container>
  );
}
