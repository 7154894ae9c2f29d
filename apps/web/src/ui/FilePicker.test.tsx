import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFile } from '../test/fakeFile';
import { FilePicker, type PickSource } from './FilePicker';

const sources: PickSource[] = [
  { icon: null, label: 'Camera', accept: 'image/*', capture: 'user' },
  { icon: null, label: 'Gallery', accept: 'image/png', multiple: true },
];

describe('FilePicker', () => {
  it('names each hidden input after its group and keeps its accept and capture rules', () => {
    render(<FilePicker legend="Photo" sources={sources} onPick={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Photo' })).toBeInTheDocument();
    const camera = screen.getByLabelText('Photo: Camera');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'user');
    expect(camera).not.toHaveAttribute('multiple');
    const gallery = screen.getByLabelText('Photo: Gallery');
    expect(gallery).toHaveAttribute('accept', 'image/png');
    expect(gallery).toHaveAttribute('multiple');
  });

  it('hands over the picked files with the source they came from, and clears the input', () => {
    const onPick = vi.fn();
    render(<FilePicker legend="Photo" sources={sources} onPick={onPick} />);
    const files = [fakeFile('a.png', 'image/png'), fakeFile('b.png', 'image/png')];
    const gallery = screen.getByLabelText<HTMLInputElement>('Photo: Gallery');
    fireEvent.change(gallery, { target: { files } });
    expect(onPick).toHaveBeenCalledExactlyOnceWith(files, 1);
    expect(gallery).toHaveValue('');
  });

  it('opens the file chooser from its button, and not while disabled', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const { rerender } = render(<FilePicker legend="Photo" sources={sources} onPick={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Camera' }));
    expect(click).toHaveBeenCalledTimes(1);
    rerender(<FilePicker legend="Photo" sources={sources} onPick={vi.fn()} disabled />);
    expect(screen.getByRole('button', { name: 'Camera' })).toBeDisabled();
    click.mockRestore();
  });

  it('swaps its buttons for what was picked, and ties its error to the group', () => {
    render(
      <FilePicker
        legend="Photo"
        sources={sources}
        error="Too large"
        picked={<p>a.png chosen</p>}
        onPick={vi.fn()}
      />,
    );
    expect(screen.getByText('a.png chosen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Camera' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too large');
    expect(screen.getByRole('group', { name: 'Photo' })).toHaveAccessibleDescription('Too large');
  });
});
