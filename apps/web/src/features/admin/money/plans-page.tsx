import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useGetAdminPlans } from './api/get-admin-plans.ts';
import { MoneyPageTitle } from './components/money-page-title.tsx';
import { PlanCard } from './components/plan-card.tsx';
import { SiblingDiscountCard } from './components/sibling-discount-card.tsx';

/** /admin/plans: membership plans and the sibling discount. */
export function PlansPage() {
  const { data } = useGetAdminPlans();
  return (
    <>
      <MoneyPageTitle
        title="Plans and discounts"
        intro="Membership plans families can buy, and the discount for brothers and sisters. A new price applies to new memberships; current members keep theirs."
      />
      <Stack spacing={3}>
        <SiblingDiscountCard />
        {!data ? (
          <Skeleton variant="rectangular" height={240} />
        ) : data.length ? (
          data.map((plan) => <PlanCard key={plan.id} plan={plan} />)
        ) : (
          <EmptyState
            title="No membership plans"
            text="Plans are added with the catalog when the site is set up. Until then, families pay for each program."
            actions={null}
          />
        )}
      </Stack>
    </>
  );
}
