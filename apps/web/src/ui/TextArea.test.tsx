import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('<TextArea>', () => {
  it('is named by its label and keeps the limits it is given', () => {
    render(<TextArea label="Caption" maxLength={200} rows={2} defaultValue="" />);
    const field = screen.getByRole('textbox', { name: 'Caption' });
    expect(field).toHaveAttribute('maxlength', '200');
    expect(field).toHaveAttribute('rows', '2');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('reads the counter with the field, and no alert while nothing is wrong', () => {
    render(<TextArea label="Reason" counter="3/500" error={null} defaultValue="abc" />);
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('3/500');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the field wrong and announces why', () => {
    render(<TextArea label="Reason" counter="0/500" error="Please write a reason" />);
    const field = screen.getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please write a reason 0/500');
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a reason');
  });

  it('lets the caller mark it wrong when the message is shown elsewhere', () => {
    render(<TextArea label="Address" aria-invalid />);
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
