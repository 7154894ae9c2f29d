import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { Modal } from './Modal';
import { Sheet } from './Sheet';
import { Toaster } from './Toaster';
import { showToast } from './toastStore';

function Opener({ look }: { look: 'modal' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const Panel = look === 'modal' ? Modal : Sheet;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Panel title="Choose" onClose={close}>
          <button type="button">First</button>
        </Panel>
      )}
    </>
  );
}

function openFromButton(look: 'modal' | 'sheet') {
  render(<Opener look={look} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal and Sheet', () => {
  it.each(['modal', 'sheet'] as const)('%s opens as a modal named by its title', (look) => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    openFromButton(look);
    const dialog = screen.getByRole('dialog', { name: 'Choose' });
    expect(dialog).toHaveAttribute('open');
    expect(showModal).toHaveBeenCalledOnce();
    expect(showModal.mock.contexts[0]).toBe(dialog);
    showModal.mockRestore();
  });

  it.each(['modal', 'sheet'] as const)(
    '%s closes on Escape and gives focus back to its opener',
    (look) => {
      const opener = openFromButton(look);
      const first = screen.getByRole('button', { name: 'First' });
      expect(first).toHaveFocus();
      fireEvent.keyDown(first, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    },
  );

  it('only asks to close on Escape: the parent decides', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Busy" onClose={onClose}>
        <p>Saving</p>
      </Modal>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Busy' })).toHaveAttribute('open');
  });

  it('modal closes on a tap on the dimmed page, not on its own content', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Choose" subtitle="Pick one" onClose={onClose}>
        <p>Inside</p>
      </Modal>,
    );
    fireEvent.click(screen.getByText('Inside'));
    fireEvent.click(screen.getByText('Pick one'));
    expect(onClose).not.toHaveBeenCalled();
    // A click on the ::backdrop reaches the <dialog> itself.
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sheet closes on the first touch outside it, not on its own content', () => {
    const onClose = vi.fn();
    render(
      <Sheet title="Share" onClose={onClose}>
        <p>Inside</p>
      </Sheet>,
    );
    fireEvent.pointerDown(screen.getByText('Inside'));
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Share' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('leaves focus on a field that asked for it', () => {
    render(
      <Modal title="Unlock" onClose={vi.fn()}>
        <button type="button">Help</button>
        <input aria-label="Password" autoFocus />
      </Modal>,
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('draws toasts inside the open modal, where they are above it and usable', () => {
    const { rerender } = render(
      <>
        <Modal title="Report" onClose={vi.fn()}>
          <p>Inside</p>
        </Modal>
        <Toaster />
      </>,
    );
    act(() => showToast('error', 'Could not send'));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Could not send');
    // Closing the dialog brings them back to the page.
    rerender(<Toaster />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not send');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Dialog for a full screen', () => {
  it('starts on itself when asked, and stays on Escape when it has no onClose', () => {
    render(
      <Dialog labelledBy="title" focusSelf className="" bodyClassName="">
        <h2 id="title">You are driving</h2>
        <button type="button">I am a passenger</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'You are driving' });
    expect(dialog).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).toHaveAttribute('open');
    fireEvent.click(dialog);
    expect(dialog).toHaveAttribute('open');
  });
});
