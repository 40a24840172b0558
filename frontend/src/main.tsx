import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './app/app';
import { startAdminEarly, takeOverDrawnAdmin } from './app/routes/admin-early-start';
import type { OrderSearchPage } from './features/admin-orders/api/search-admin-orders';
import { paths } from './app/paths';
import { routes } from './app/router';
import { configQueryOptions } from './shared/api/config/get-config';
import { productsQueryOptions } from './shared/api/products/get-products';
import { createQueryClient } from './shared/api/query-client';
import { readAdminBoot } from './shared/api/early-requests';
import { readAdminToken } from './shared/api/admin-token';
import { adminMeQueryOptions } from './shared/api/admin-me/get-admin-me';
import { readServerState } from './ssr/server-state';

/** The lazy pages the address needs, loaded before hydrating: the first render must draw what the server drew. */
async function loadPagesOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const page = await route.lazy();
      Object.assign(route, { ...page, lazy: undefined });
    }),
  );
}

/** How long a returning operator's first render waits for the admin's code before drawing a loading frame. */
const ADMIN_CODE_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('The page has no #root element to render the shop into.');
  const state = readServerState(document);
  const queryClient = createQueryClient();
  // The admin's shell carries the shop's configuration: its header and footer draw the brand from the start.
  const adminBoot = readAdminBoot(document);
  if (adminBoot?.config !== undefined) queryClient.setQueryData(configQueryOptions().queryKey, adminBoot.config);
  const drawn = adminBoot?.drawn;
  const operatorReturning = window.location.pathname === paths.admin.path && readAdminToken() !== null;
  if (drawn !== undefined && container.hasChildNodes() && operatorReturning) {
    // The server drew the order tab for the session's cookie: it stays on screen while the code comes, and the
    // code takes its HTML over (the same page from the same data) once the stored token is checked.
    const takeOver = await takeOverDrawnAdmin(queryClient, drawn.firstPage as OrderSearchPage)
      .then(async (good) => {
        await loadPagesOf(window.location.pathname);
        return good;
      })
      .catch(() => false);
    if (takeOver) {
      hydrate(container, <App queryClient={queryClient} serverAgeAnswer={drawn.ageVerified} siteOrigin={drawn.origin} />);
      return;
    }
  } else if (operatorReturning) {
    // Before the first render: the token's check and the tab's first page go out ahead of the admin's code. The
    // first render waits for that code (a second at most): the page is then drawn once, whole, instead of a
    // loading frame first and the page after it in a transition that yields every few milliseconds.
    const codeIn = startAdminEarly(queryClient);
    // Who is signed in, asked beside the token's check: the first render shows the tabs their role allows, not all.
    // (Not on a page the server drew: that one is taken over as drawn, before anyone is known.)
    void queryClient.prefetchQuery(adminMeQueryOptions());
    await Promise.race([codeIn.then(() => loadPagesOf(window.location.pathname)), delay(ADMIN_CODE_WAIT_MS)]).catch(() => undefined);
  }
  if (state === null || !container.hasChildNodes()) {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  // The server drew the page from this data: the browser starts from it instead of asking again.
  queryClient.setQueryData(productsQueryOptions().queryKey, state.products);
  queryClient.setQueryData(configQueryOptions().queryKey, state.config);
  await loadPagesOf(window.location.pathname);
  hydrate(container, <App queryClient={queryClient} serverAgeAnswer={state.ageVerified} siteOrigin={state.origin} />);
}

/**
 * Takes the server's HTML over. In a transition, hydration yields to the browser every few milliseconds instead
 * of holding a phone's main thread for the whole page at once.
 */
function hydrate(container: HTMLElement, app: ReactElement): void {
  startTransition(() => {
    hydrateRoot(container, <StrictMode>{app}</StrictMode>, {
      // A mismatch is drawn again by the browser and stays usable; the console says so, for the tests and for support.
      // eslint-disable-next-line no-console -- the one place a hydration failure can be seen
      onRecoverableError: (error) => console.error('The page could not take over the HTML the server drew:', error),
    });
  });
}

void start();
