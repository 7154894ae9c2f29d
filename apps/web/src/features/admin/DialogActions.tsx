import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/**
 * The foot of every console dialog: what went wrong, then Cancel and the confirm button.
 * Without `onConfirm` the confirm button submits the dialog's form.
 */
export function DialogActions(props: {
  confirm: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {props.error && (
        <p role="alert" className="text-red-700">
          {props.error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={props.onCancel} className="flex-1">
          {t('cancel')}
        </Button>
        <Button
          type={props.onConfirm ? 'button' : 'submit'}
          loading={props.busy}
          onClick={props.onConfirm}
          className={`flex-1 ${props.danger ? 'bg-red-700! hover:bg-red-800!' : ''}`}
        >
          {props.confirm}
        </Button>
      </div>
    </>
  );
}
