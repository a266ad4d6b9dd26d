/** The app's providers (react-query) around the session-aware router, and the toast area. */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast/toaster.tsx';
import { createQueryClient } from '../lib/react-query.ts';
import { AppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster />
    </QueryClientProvider>
  );
}
