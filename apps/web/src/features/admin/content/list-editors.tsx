import Stack from '@mui/material/Stack';
import { faqEditSchema, whyUsEditSchema } from '@kikstart/contract/admin-content';
import type { ContentPage, FaqData, WhyUsData } from '@kikstart/contract/content';
import { paths } from '../../../lib/paths.ts';
import { useSaveStructuredContent } from './api/save-structured-content.ts';
import { ContentEditorPage, SaveBar, useContentForm } from './components/content-editor.tsx';
import { ListEditor } from './components/list-editor.tsx';

const withHidden = <T extends object>(items: T[] | undefined) =>
  (items ?? []).map((item) => ({ ...item, hidden: Boolean((item as { hidden?: boolean }).hidden) }));

/** /admin/content/faq: the FAQ page's questions, in order, each one hideable. */
export function FaqEditorPage() {
  return (
    <ContentEditorPage<FaqData>
      pageKey="faq-data"
      title="FAQ questions"
      intro="Questions show in this order on the FAQ page. The page's title and intro are under Pages."
      publicPath={paths.faq}
    >
      {(page) => <FaqForm page={page} />}
    </ContentEditorPage>
  );
}

function FaqForm({ page }: { page: ContentPage<FaqData> }) {
  const save = useSaveStructuredContent();
  const { control, onSubmit } = useContentForm(
    faqEditSchema,
    { version: page.version, items: withHidden(page.data.items) },
    (input) => save.mutateAsync({ part: 'faq', input }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={4} aria-label="FAQ questions">
      <ListEditor
        control={control}
        name="items"
        title="Questions"
        itemLabel="question"
        fields={[
          { name: 'question', label: 'Question' },
          { name: 'answer', label: 'Answer', multiline: true },
        ]}
        newItem={{ question: '', answer: '', hidden: false }}
      />
      <SaveBar loading={save.isPending} />
    </Stack>
  );
}

/** /admin/content/why-us: the reasons on the why-us page. */
export function WhyUsEditorPage() {
  return (
    <ContentEditorPage<WhyUsData>
      pageKey="why-us-data"
      title="Why-us reasons"
      intro="Reasons show in this order on the why-us page."
      publicPath={paths.whyUs}
    >
      {(page) => <WhyUsForm page={page} />}
    </ContentEditorPage>
  );
}

function WhyUsForm({ page }: { page: ContentPage<WhyUsData> }) {
  const save = useSaveStructuredContent();
  const { control, onSubmit } = useContentForm(
    whyUsEditSchema,
    { version: page.version, reasons: withHidden(page.data.reasons) },
    (input) => save.mutateAsync({ part: 'why-us', input }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={4} aria-label="Why-us reasons">
      <ListEditor
        control={control}
        name="reasons"
        title="Reasons"
        itemLabel="reason"
        fields={[
          { name: 'title', label: 'Title' },
          { name: 'text', label: 'Text', multiline: true },
        ]}
        newItem={{ title: '', text: '', hidden: false }}
      />
      <SaveBar loading={save.isPending} />
    </Stack>
  );
}
