// first: before any zod schema is built (see zod-jitless.ts)
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { ApiProvider } from './api/hooks';
import { detectClient } from './api/client';
import './styles/app.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 2000, retry: 1, refetchOnWindowFocus: false } } });
const api = detectClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} queryClient={queryClient}>
        <App />
      </ApiProvider>
    </QueryClientProvider>
  </StrictMode>,
);
