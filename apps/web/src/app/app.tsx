import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/app-providers.tsx';
import { router } from './router/router.tsx';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
