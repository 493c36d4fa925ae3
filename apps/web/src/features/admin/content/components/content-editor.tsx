import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { ContentPage } from '@kikstart/contract/content';
import { LoadError } from '../../../../components/load-error.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { adminPath } from '../../admin-paths.ts';
import { useAdminContentPage } from '../api/get-content-page.ts';

/**
 * A content editor's page: the console title, a link back to the content list and to the public
 * page, and the form once the stored page (with its version) has loaded.
 */
export function ContentEditorPage<D = Record<string, unknown>>({
  pageKey,
  title,
  intro,
  publicPath,
  children,
  after,
}: {
  pageKey: string;
  title: string;
  intro: string;
  /** Where families see this content. */
  publicPath?: string;
  children: (page: ContentPage<D>) => ReactNode;
  /**
   * Shown under the form once the page has loaded, and not started again after a save: a list
   * there keeps its place, and its refetch after the save is not cancelled by a remount, which
   * left the waiver's versions table showing the list from before a publish.
   */
  after?: ReactNode;
}) {
  const { data, isPending, isError, refetch } = useAdminContentPage<D>(pageKey);
  return (
    <>
      <Link component={RouterLink} to={adminPath('content')} sx={{ display: 'inline-block', mb: 2 }}>
        Back to content
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: publicPath ? 1 : 4 }}>{intro}</Typography>
      {publicPath && (
        <Link href={publicPath} target="_blank" rel="noopener" sx={{ display: 'inline-block', mb: 4 }}>
          Open the public page in a new tab
        </Link>
      )}
      {isError ? (
        <LoadError onRetry={() => void refetch()}>This content could not be loaded.</LoadError>
      ) : isPending ? (
        <PageLoader label="Loading the content" />
      ) : (
        <>
          {/* Keyed by version: after a save (or a reload) the form starts again from what is stored. */}
          <Box key={data.version}>{children(data)}</Box>
          {after && <Box sx={{ mt: 6 }}>{after}</Box>}
        </>
      )}
    </>
  );
}

/** react-hook-form on a contract schema; a save shows the server's field messages under the fields. */
export function useContentForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
  save: (values: z.output<S>) => Promise<unknown>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return { ...form, onSubmit };
}

/** The save button row at the end of an editor. */
export function SaveBar({ loading, label = 'Save and publish' }: { loading: boolean; label?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <SubmitButton loading={loading}>{label}</SubmitButton>
    </Stack>
  );
}
