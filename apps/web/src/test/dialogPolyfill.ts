// jsdom has <dialog> and its `open` attribute but neither showModal() nor close(), and Escape does
// nothing. This follows the HTML standard's steps as far as the components rely on them: a modal
// opens with `open` set and focus on its first control, Escape fires a cancelable `cancel` at the
// topmost one and closes it unless cancelled, close() fires `close`. Not done: returnValue, the top layer,
// inertness of the page behind, and focus restoring on close (the component does that itself, and
// its tests check it).

const modals: HTMLDialogElement[] = [];
const focusable =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

function showModal(this: HTMLDialogElement) {
  if (this.open) {
    if (modals.includes(this)) return;
    throw new DOMException('The dialog is already open as a non-modal.', 'InvalidStateError');
  }
  if (!this.isConnected) {
    throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
  }
  this.setAttribute('open', '');
  modals.push(this);
  this.querySelector<HTMLElement>(focusable)?.focus();
}

function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.removeAttribute('open');
  if (modals.includes(this)) modals.splice(modals.indexOf(this), 1);
  this.dispatchEvent(new Event('close'));
}

function escapeCancels(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = modals.findLast((dialog) => dialog.isConnected);
  if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
}

export function polyfillDialog() {
  if (typeof HTMLDialogElement.prototype.showModal === 'function') return;
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
  // Registered after React's root listeners, so a handler that handled Escape can prevent this.
  window.addEventListener('keydown', escapeCancels);
}
