import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminTestimonial } from '@kikstart/contract/admin-catalog';
import { NoSearchMatches } from '../components/no-search-matches.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminTestimonials } from './api/get-admin-testimonials.ts';
import { useDeleteTestimonial } from './api/delete-testimonial.ts';
import { useMoveTestimonial } from './api/move-testimonial.ts';
import { useSaveTestimonial } from './api/save-testimonial.ts';
import { DeleteRowButton } from './components/delete-row-button.tsx';
import { OrderCell } from './components/order-cell.tsx';
import { PublishSwitch } from './components/publish-switch.tsx';
import { TestimonialDialog, testimonialInput } from './components/testimonial-dialog.tsx';

/** /admin/testimonials: what families say, in the order the home page shows them; hide or publish each. */
export function TestimonialsPage() {
  const params = useListParams();
  const { data } = useAdminTestimonials(params.query);
  const move = useMoveTestimonial();
  const save = useSaveTestimonial();
  const remove = useDeleteTestimonial();
  const offset = ((data?.page ?? params.page) - 1) * params.pageSize;
  const columns: AdminColumn<AdminTestimonial>[] = [
    {
      key: 'sortOrder',
      label: 'Order',
      nowrap: true,
      render: (t) => (
        <OrderCell
          name={`the testimonial from ${t.authorName}`}
          position={offset + (data?.items.indexOf(t) ?? 0)}
          total={data?.total ?? 0}
          searching={Boolean(params.q)}
          busy={move.isPending}
          onMove={(direction) => move.mutate({ id: t.id, direction })}
        />
      ),
    },
    {
      key: 'quote',
      label: 'Testimonial',
      render: (t) => (
        <>
          <Box sx={{ fontStyle: 'italic', minWidth: { xs: 220, md: 0 } }}>“{t.quote}”</Box>
          <Box sx={{ color: 'text.secondary', fontSize: 14 }}>
            {t.authorName}, {t.authorRole} · {t.rating} of 5
          </Box>
        </>
      ),
    },
    {
      key: 'published',
      label: 'On the site',
      nowrap: true,
      render: (t) => (
        <PublishSwitch
          name={`the testimonial from ${t.authorName}`}
          published={t.published}
          busy={save.isPending}
          onChange={(published) => save.mutate({ id: t.id, input: { ...testimonialInput(t), published } })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      nowrap: true,
      render: (t) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <TestimonialDialog testimonial={t} />
          <DeleteRowButton
            name={`the testimonial from ${t.authorName}`}
            what="testimonial"
            text="It is deleted for good. To take it off the site for now, hide it instead."
            onDelete={() => remove.mutateAsync(t.id)}
          />
        </Box>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, flexGrow: 1 }}>
          Testimonials
        </Typography>
        <TestimonialDialog />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The home page shows the testimonials marked Shown, in this order.{' '}
        <Button component={RouterLink} to={paths.home} size="small">
          View the home page
        </Button>
      </Typography>
      <AdminTable
        label="Testimonials"
        columns={columns}
        data={data}
        params={params}
        rowKey={(t) => t.id}
        searchLabel="Search by name or words"
        empty={
          params.q ? (
            <NoSearchMatches what="testimonials" onClear={() => params.update({ q: '' })} />
          ) : (
            <EmptyState
              title="No testimonials yet"
              text="Add what a parent or school said about your programs; the home page shows it at once."
              actions={<TestimonialDialog />}
            />
          )
        }
      />
    </>
  );
}
