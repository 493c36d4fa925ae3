import { useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { markdownPageEditSchema, isMarkdownPageKey, type MarkdownPageKey } from '@kikstart/contract/admin-content';
import type { ContentPage } from '@kikstart/contract/content';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useSaveContentPage } from './api/save-content-page.ts';
import { ContentEditorPage, SaveBar, useContentForm } from './components/content-editor.tsx';
import { MarkdownEditor } from './components/markdown-editor.tsx';
import { PUBLIC_PAGE_PATHS, markdownPageLabel } from './public-paths.ts';

/** /admin/content/pages/:key: a page's title, description and Markdown body, previewed as typed. */
export function MarkdownPageEditorPage() {
  const { key = '' } = useParams();
  if (!isMarkdownPageKey(key)) return <LoadError>There is no such content page.</LoadError>;
  return (
    <ContentEditorPage
      pageKey={key}
      title={`Edit: ${markdownPageLabel(key)}`}
      intro="The preview shows the page as families will read it. Saving publishes it at once."
      publicPath={PUBLIC_PAGE_PATHS[key]}
    >
      {(page) => <MarkdownPageForm pageKey={key} page={page} />}
    </ContentEditorPage>
  );
}

function MarkdownPageForm({ pageKey, page }: { pageKey: MarkdownPageKey; page: ContentPage }) {
  const save = useSaveContentPage();
  const { control, onSubmit, watch } = useContentForm(
    markdownPageEditSchema,
    { version: page.version, title: page.title, description: page.description, body: page.body },
    (values) => save.mutateAsync({ key: pageKey, ...values }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={3} aria-label="Page content">
      <FormTextField control={control} name="title" label="Title" required />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        helperText="Shown under the title and in search results"
        multiline
        minRows={2}
        required
      />
      <MarkdownEditor control={control} name="body" label="Page text" heading={watch('title')} />
      <SaveBar loading={save.isPending} />
    </Stack>
  );
}
