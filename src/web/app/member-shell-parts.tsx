import { type ComponentType, Suspense, lazy } from 'react';
import type { LoggedInUser } from '@contract/account';
import { useUser } from '@web/api/user-api';
import type * as MemberShellModule from './member-shell';

type MemberShell = typeof MemberShellModule;

let loading: Promise<MemberShell> | undefined;
let loaded: MemberShell | undefined;

/**
 * Loads the member-only parts of the shell (member-shell.tsx) once. main.tsx awaits it before
 * the first paint when the user record names a member, so the menus and banners render at
 * once and nothing moves (issue 25 item 6: CLS); a visitor's first load never fetches it.
 */
export function loadMemberShell(): Promise<MemberShell> {
  loading ??= import('./member-shell').then(
    (shell) => (loaded = shell),
    (error: unknown) => {
      // Not kept: the next part to render asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * A part of the member chunk behind React.lazy. Once the chunk is loaded, the lazy
 * component's loader answers with a thenable that resolves while React asks (React reads
 * the module as soon as `then` calls back): the part renders in the same pass instead of
 * suspending for a tick, so a member's first paint already holds it. Before that (a visitor
 * who logs in), it suspends with nothing in its place until the chunk arrives.
 */
function memberPart<Props extends object>(pick: (shell: MemberShell) => ComponentType<Props>) {
  const Part = lazy(() => {
    if (loaded) {
      const module = { default: pick(loaded) };
      const resolved = { then: (onLoaded: (m: typeof module) => void) => onLoaded(module) };
      return resolved as unknown as Promise<typeof module>;
    }
    return loadMemberShell().then((shell) => ({ default: pick(shell) }));
  });
  return function MemberPart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

const MemberNavPart = memberPart<{ user: LoggedInUser }>((shell) => shell.MemberNav);
const SiteBannersPart = memberPart((shell) => shell.SiteBanners);
const MemberRootPart = memberPart((shell) => shell.MemberRoot);

/** The member's items of the top navigation (spec §2 "Top navigation (logged in)"). */
export function MemberMenu() {
  const { user } = useUser();
  return user ? <MemberNavPart user={user} /> : null;
}

/** The default layout's banners (spec §2, §4, §9): all of them are for members only. */
export function MemberBanners() {
  const { user } = useUser();
  return user ? <SiteBannersPart /> : null;
}

/** The root's member-only behaviour (member-shell.tsx's MemberRoot), for members only. */
export function MemberRoot() {
  const { user } = useUser();
  return user ? <MemberRootPart /> : null;
}
