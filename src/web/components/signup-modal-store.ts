import { useSyncExternalStore } from 'react';

// Client-only state: whether the signup modal is open (spec §2 "Signup modal" can be
// opened anywhere). A tiny store so any feature can open it without importing another.
interface SignupModalState {
  open: boolean;
  /** The member whose page the visitor signs up from (members-id-signup), if any. */
  profileId?: number;
  /** A first message to that member the visitor already wrote (a member landing page). */
  message?: string;
}

let state: SignupModalState = { open: false };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function openSignupModal(profileId?: number, message?: string) {
  state = {
    open: true,
    ...(profileId ? { profileId } : {}),
    ...(profileId && message ? { message } : {}),
  };
  emit();
}

export function closeSignupModal() {
  state = { open: false };
  emit();
}

export function useSignupModal(): SignupModalState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
