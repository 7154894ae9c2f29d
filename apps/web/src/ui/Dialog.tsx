import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { dialogHidden, dialogShown } from './openDialogs';

interface DialogProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  /** Id of the text that says what it is about, when it is more than a title. */
  describedBy?: string;
  /** Left out, Escape does nothing: a screen that stays until one of its own buttons is used. */
  onClose?: () => void;
  /** A sheet closes on the first touch outside it, a card on a full tap; a full screen never. */
  closeOutsideOn?: 'click' | 'pointerdown';
  /** Focus the dialog itself, not its first control, so a screen reader starts at its title. */
  focusSelf?: boolean;
  /** Place, size and shape of the panel and its backdrop. */
  className: string;
  /** Layout of the panel's content. */
  bodyClassName: string;
  children: ReactNode;
}

/**
 * A modal on the native `<dialog>`: `showModal()` makes the page behind it inert (so focus stays
 * inside) and turns Escape into `cancel`. The parent owns whether it is shown: Escape and a press
 * outside only ask it to close, and on unmount focus goes back to the control that opened it.
 */
export function Dialog({
  labelledBy,
  describedBy,
  onClose,
  closeOutsideOn,
  focusSelf,
  className,
  bodyClassName,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read while rendering: a child's autoFocus moves focus before any effect of ours runs.
  const [opener] = useState(() => document.activeElement);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focused = document.activeElement;
    dialog.showModal();
    dialogShown(dialog);
    // showModal focuses the first control; a field that asked for focus (autoFocus) keeps it.
    if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
    else if (focusSelf) dialog.focus();
    return () => {
      dialog.close();
      dialogHidden(dialog);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener, focusSelf]);

  function cancel(event: SyntheticEvent) {
    event.preventDefault();
    onClose?.();
  }

  // The body fills the panel, so a press whose target is the <dialog> itself landed on the backdrop.
  function pressOutside(event: SyntheticEvent) {
    if (event.target === event.currentTarget) onClose?.();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={focusSelf ? -1 : undefined}
      onCancel={cancel}
      onClick={closeOutsideOn === 'click' ? pressOutside : undefined}
      onPointerDown={closeOutsideOn === 'pointerdown' ? pressOutside : undefined}
      className={`p-0 ${className}`}
    >
      <div className={bodyClassName}>{children}</div>
    </dialog>
  );
}
