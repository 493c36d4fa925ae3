import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminOffer } from '@kikstart/contract/admin-catalog';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { NoSearchMatches } from '../components/no-search-matches.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminOffers } from './api/get-admin-offers.ts';
import { useDeleteOffer } from './api/delete-offer.ts';
import { useMoveOffer } from './api/move-offer.ts';
import { useSaveOffer } from './api/save-offer.ts';
import { DeleteRowButton } from './components/delete-row-button.tsx';
import { OFFER_ACTION_LABELS, OfferDialog, offerInput } from './components/offer-dialog.tsx';
import { OrderCell } from './components/order-cell.tsx';
import { PublishSwitch } from './components/publish-switch.tsx';

/** /admin/offers: the offers the public site shows, in order; hide or publish each. */
export function OffersPage() {
  const params = useListParams();
  const { data } = useAdminOffers(params.query);
  const move = useMoveOffer();
  const save = useSaveOffer();
  const remove = useDeleteOffer();
  const offset = ((data?.page ?? params.page) - 1) * params.pageSize;
  const columns: AdminColumn<AdminOffer>[] = [
    {
      key: 'sortOrder',
      label: 'Order',
      nowrap: true,
      render: (o) => (
        <OrderCell
          name={o.title}
          position={offset + (data?.items.indexOf(o) ?? 0)}
          total={data?.total ?? 0}
          searching={Boolean(params.q)}
          busy={move.isPending}
          onMove={(direction) => move.mutate({ id: o.id, direction })}
        />
      ),
    },
    {
      key: 'title',
      label: 'Offer',
      render: (o) => (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <strong>{o.title}</strong>
            {o.badge && <Chip size="small" label={o.badge} />}
          </Box>
          <Box sx={{ color: 'text.secondary', fontSize: 14 }}>
            {OFFER_ACTION_LABELS[o.action]}
            {o.validUntil ? ` · until ${formatSessionDay(o.validUntil)}` : ''}
          </Box>
        </>
      ),
    },
    {
      key: 'published',
      label: 'On the site',
      nowrap: true,
      render: (o) => (
        <PublishSwitch
          name={o.title}
          published={o.published}
          busy={save.isPending}
          onChange={(published) => save.mutate({ id: o.id, input: { ...offerInput(o), published } })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      nowrap: true,
      render: (o) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <OfferDialog offer={o} />
          <DeleteRowButton
            name={o.title}
            what="offer"
            text="It is deleted for good. To take it off the site for now, hide it instead."
            onDelete={() => remove.mutateAsync(o.id)}
          />
        </Box>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, flexGrow: 1 }}>
          Offers
        </Typography>
        <OfferDialog />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The site shows the offers marked Shown, in this order; a family requesting a demo can name one.
      </Typography>
      <AdminTable
        label="Offers"
        columns={columns}
        data={data}
        params={params}
        rowKey={(o) => o.id}
        searchLabel="Search by title or words"
        empty={
          params.q ? (
            <NoSearchMatches what="offers" onClear={() => params.update({ q: '' })} />
          ) : (
            <EmptyState
              title="No offers yet"
              text="Add an offer, such as a free trial class; the site shows it at once."
              actions={<OfferDialog />}
            />
          )
        }
      />
    </>
  );
}
