import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES, WEB_APP_ROUTES, isAppRoute, pathFor, toRouterPath } from '@contract/routes';
import { appRoutes } from './app-routes';

const EXAMPLE_PARAMS = { id: 7, slug: 'faq', lander: 'video', type: 'new', paymentmethod: 'ideal' };

const flatten = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);

// Issue 7 §5.5: the server answers 200 only for paths the web app has a page for, so the
// router's pages and WEB_APP_ROUTES (which the server reads through isAppRoute) must agree.
describe('the web route table', () => {
  // The operator console (issue 30) is a branch of its own, not a spec §2 page.
  const isConsole = (route: RouteObject) => route.path === '/admin/*';
  const routes = flatten(appRoutes).filter(
    (route) => route.path && route.path !== '*' && !isConsole(route),
  );

  it('has exactly one page for each route in WEB_APP_ROUTES, at its spec path', () => {
    expect(routes.map((route) => route.id).sort()).toEqual([...WEB_APP_ROUTES].sort());
    for (const route of routes) {
      const name = route.id as keyof typeof ROUTES;
      expect(route.path, name).toBe(toRouterPath(ROUTES[name]));
    }
  });

  it('loads every page lazily (the layouts show a spinner while its code loads)', () => {
    for (const route of routes) {
      const page = route.element as ReactElement;
      expect((page.type as { $$typeof?: symbol }).$$typeof, route.id).toBe(
        Symbol.for('react.lazy'),
      );
    }
  });

  it('loads the operator console lazily, as one branch under /admin', () => {
    const consoleRoutes = flatten(appRoutes).filter(isConsole);
    expect(consoleRoutes).toHaveLength(1);
    const boundary = consoleRoutes[0]!.element as ReactElement<{ children: ReactElement }>;
    expect((boundary.props.children.type as { $$typeof?: symbol }).$$typeof).toBe(
      Symbol.for('react.lazy'),
    );
  });

  it('sends every other path to the 404 page', () => {
    expect(flatten(appRoutes).filter((route) => route.path === '*')).toHaveLength(1);
    for (const name of Object.keys(ROUTES) as Array<keyof typeof ROUTES>) {
      const implemented = (WEB_APP_ROUTES as readonly string[]).includes(name);
      const example = pathFor(name, EXAMPLE_PARAMS);
      expect(isAppRoute(example), `${name} ${example}`).toBe(implemented);
    }
  });
});
