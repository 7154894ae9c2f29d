/** Spec 001 section 4, documents flow: notice, then password, then the list (and its add form). */
export type VaultStep = 'closed' | 'notice' | 'password' | 'list' | 'add';

export interface VaultState {
  step: VaultStep;
  /** The unlock ended while the documents were open: say why the password is asked again. */
  relocked: boolean;
}

export type VaultEvent =
  | { type: 'open'; unlocked: boolean }
  | { type: 'accept' }
  | { type: 'unlocked' }
  | { type: 'locked' }
  | { type: 'addNew' }
  | { type: 'back' }
  | { type: 'close' };

export const closedVault: VaultState = { step: 'closed', relocked: false };

export function vaultFlow(state: VaultState, event: VaultEvent): VaultState {
  switch (event.type) {
    case 'open':
      return { step: event.unlocked ? 'list' : 'notice', relocked: false };
    case 'accept':
      return state.step === 'notice' ? { step: 'password', relocked: false } : state;
    case 'unlocked':
      return state.step === 'password' ? { step: 'list', relocked: false } : state;
    case 'locked':
      return state.step === 'list' || state.step === 'add'
        ? { step: 'password', relocked: true }
        : state;
    case 'addNew':
      return state.step === 'list' ? { ...state, step: 'add' } : state;
    case 'back':
      return state.step === 'add' ? { ...state, step: 'list' } : state;
    case 'close':
      return closedVault;
  }
}
