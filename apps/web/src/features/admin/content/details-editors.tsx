import Stack from '@mui/material/Stack';
import { contactEditSchema, footerEditSchema } from '@kikstart/contract/admin-content';
import type { ContactData, ContentPage, SettingsData } from '@kikstart/contract/content';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSaveStructuredContent } from './api/save-structured-content.ts';
import { ContentEditorPage, SaveBar, useContentForm } from './components/content-editor.tsx';
import { ListEditor } from './components/list-editor.tsx';

/** /admin/content/contact: the details on the contact page. */
export function ContactEditorPage() {
  return (
    <ContentEditorPage<ContactData>
      pageKey="contact-us-data"
      title="Contact details"
      intro="Shown on the contact page. The footer has its own copy, edited under Footer."
      publicPath={paths.contactUs}
    >
      {(page) => <ContactForm page={page} />}
    </ContentEditorPage>
  );
}

function ContactForm({ page }: { page: ContentPage<ContactData> }) {
  const save = useSaveStructuredContent();
  const { control, onSubmit } = useContentForm(contactEditSchema, { version: page.version, ...page.data }, (input) =>
    save.mutateAsync({ part: 'contact', input }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2.5} aria-label="Contact details">
      <FormTextField control={control} name="phone" label="Phone" type="tel" required />
      <FormTextField control={control} name="email" label="Email" type="email" required />
      <FormTextField control={control} name="address" label="Address" required />
      <FormTextField control={control} name="hours" label="Opening hours" required />
      <SaveBar loading={save.isPending} />
    </Stack>
  );
}

/** /admin/content/footer: company details and social links in every page's footer. */
export function FooterEditorPage() {
  return (
    <ContentEditorPage<SettingsData>
      pageKey="settings-data"
      title="Footer"
      intro="Shown at the bottom of every public page."
      publicPath={paths.home}
    >
      {(page) => <FooterForm page={page} />}
    </ContentEditorPage>
  );
}

function FooterForm({ page }: { page: ContentPage<SettingsData> }) {
  const save = useSaveStructuredContent();
  const { control, onSubmit } = useContentForm(footerEditSchema, { version: page.version, ...page.data }, (input) =>
    save.mutateAsync({ part: 'footer', input }),
  );
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2.5} aria-label="Footer">
      <FormTextField control={control} name="companyName" label="Company name" required />
      <FormTextField control={control} name="tagline" label="Tagline" required />
      <FormTextField control={control} name="phone" label="Phone" type="tel" required />
      <FormTextField control={control} name="email" label="Email" type="email" required />
      <FormTextField control={control} name="address" label="Address" required />
      <FormTextField control={control} name="hours" label="Opening hours" required />
      <ListEditor
        control={control}
        name="social"
        title="Social links"
        itemLabel="link"
        hideable={false}
        fields={[
          { name: 'name', label: 'Network' },
          { name: 'url', label: 'Address (https://…)' },
        ]}
        newItem={{ name: '', url: '' }}
      />
      <SaveBar loading={save.isPending} />
    </Stack>
  );
}
