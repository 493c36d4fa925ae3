import { useDeferredValue, useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { Markdown } from '../../../../components/markdown.tsx';

export const MARKDOWN_HELP = 'Markdown: ## for a heading, **bold**, - for a list item, [text](https://…) for a link';

/**
 * A Markdown field with a live preview beside it (below it on a phone), drawn by the same
 * component the public pages use, so what staff see is what families will see.
 */
export function MarkdownEditor<T extends FieldValues>({
  control,
  name,
  label,
  heading,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The page title, shown above the preview as the public page shows it. */
  heading?: string;
}) {
  const text = useWatch({ control, name }) as string | undefined;
  // Typing stays responsive on long pages: the preview catches up between keystrokes.
  const preview = useDeferredValue(text ?? '');
  const previewId = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, alignItems: 'start' }}>
      <FormTextField control={control} name={name} label={label} multiline minRows={14} helperText={MARKDOWN_HELP} />
      <Box
        component="section"
        aria-labelledby={previewId}
        // It scrolls on wide screens: keyboard users reach long previews too.
        tabIndex={0}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, maxHeight: { md: 640 }, overflow: 'auto' }}
      >
        <Typography id={previewId} variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
          Preview
        </Typography>
        {heading && (
          <Typography variant="h2" component="p" sx={{ fontSize: { xs: 24, md: 30 } }}>
            {heading}
          </Typography>
        )}
        <Box data-testid="markdown-preview">
          {preview.trim() ? (
            <Markdown>{preview}</Markdown>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>Nothing to show yet: write the text on the left.</Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
