import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { landingEditSchema } from '@kikstart/contract/admin-content';
import type { ContentPage, LandingData } from '@kikstart/contract/content';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSaveStructuredContent } from './api/save-structured-content.ts';
import { ContentEditorPage, SaveBar, useContentForm } from './components/content-editor.tsx';
import { ListEditor } from './components/list-editor.tsx';

type Hideable<T> = T & { hidden?: boolean };
type StoredLanding = Omit<LandingData, 'stats' | 'steps'> & {
  stats: Hideable<LandingData['stats'][number]>[];
  steps: Hideable<LandingData['steps'][number]>[];
};

/** /admin/content/landing: the home page's hero, stats and steps. */
export function LandingEditorPage() {
  return (
    <ContentEditorPage<StoredLanding>
      pageKey="landing-page"
      title="Home page"
      intro="The first thing families see. Stats and steps show in the order below; hidden ones stay off the site."
      publicPath={paths.home}
    >
      {(page) => <LandingForm page={page} />}
    </ContentEditorPage>
  );
}

function LandingForm({ page }: { page: ContentPage<StoredLanding> }) {
  const save = useSaveStructuredContent();
  const { control, onSubmit } = useContentForm(
    landingEditSchema,
    {
      version: page.version,
      hero: page.data.hero,
      stats: page.data.stats.map((s) => ({ ...s, hidden: Boolean(s.hidden) })),
      steps: page.data.steps.map((s) => ({ ...s, hidden: Boolean(s.hidden) })),
    },
    (input) => save.mutateAsync({ part: 'landing', input }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={4} aria-label="Home page content">
      <Stack component="section" spacing={2} aria-label="Hero">
        <Typography variant="h2" sx={{ fontSize: 22 }}>
          Hero
        </Typography>
        <FormTextField control={control} name="hero.eyebrow" label="Line above the title" required />
        <FormTextField control={control} name="hero.title" label="Title" required />
        <FormTextField control={control} name="hero.subtitle" label="Subtitle" multiline minRows={2} required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="hero.primaryCta" label="Main button" required />
          <FormTextField control={control} name="hero.secondaryCta" label="Second button" required />
        </Stack>
      </Stack>
      <ListEditor
        control={control}
        name="stats"
        title="Stats"
        itemLabel="stat"
        fields={[
          { name: 'value', label: 'Number' },
          { name: 'label', label: 'Label' },
        ]}
        newItem={{ value: '', label: '', hidden: false }}
      />
      <ListEditor
        control={control}
        name="steps"
        title="How it works"
        itemLabel="step"
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
