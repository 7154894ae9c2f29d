// What other features may use of the vault: its service and proof of an unlock (data downloads).
export type { VaultProof, VaultService } from './service.js';
